/**
 * The inspector's script, run in the browser: it polls the admin endpoints (the journal once a
 * second while "live" is on, the sessions and faults with it), builds every row with textContent
 * (journaled bodies are the callers' text, never markup), and sends the chosen session as the
 * X-Mock-Session header. Plain ES2020 in a string, so the page needs no build step and no bundle.
 */
export const INSPECTOR_SCRIPT = String.raw`
'use strict';
(function () {
  var POLL_MS = 1000;
  var JOURNAL_LIMIT = 200;
  var $ = function (id) { return document.getElementById(id); };
  var selected = null;
  var seenOperations = {};

  function session() { return $('session').value; }

  function admin(path, init) {
    var headers = {};
    if (session()) headers['X-Mock-Session'] = session();
    return fetch(path, Object.assign({ headers: headers }, init)).then(function (reply) {
      return reply.text().then(function (text) {
        var body = text ? JSON.parse(text) : null;
        if (!reply.ok) throw new Error((body && body.message) || reply.status + ' ' + reply.statusText);
        return body;
      });
    });
  }

  function say(text) { $('message').textContent = text; }

  function cell(row, text, className) {
    var td = document.createElement('td');
    td.textContent = text === null || text === undefined ? '' : String(text);
    if (className) td.className = className;
    row.appendChild(td);
    return td;
  }

  function emptyRow(body, columns, text) {
    var row = document.createElement('tr');
    cell(row, text, 'empty').colSpan = columns;
    body.appendChild(row);
  }

  function block(parent, title, value) {
    var h = document.createElement('h3');
    h.textContent = title;
    var pre = document.createElement('pre');
    pre.textContent = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
    parent.appendChild(h);
    parent.appendChild(pre);
  }

  function showRequest(entry) {
    var detail = $('request-detail');
    detail.replaceChildren();
    var h = document.createElement('h2');
    h.textContent = 'Request #' + entry.id + ': ' + entry.method + ' ' + entry.path;
    detail.appendChild(h);
    block(detail, 'Query', entry.query);
    block(detail, 'Request headers', entry.request.headers);
    block(detail, 'Request body', entry.request.body);
    block(detail, 'Response body (' + (entry.status === null ? 'no answer' : entry.status) + ')', entry.response.body);
  }

  function journalQuery() {
    var params = new URLSearchParams({ limit: String(JOURNAL_LIMIT) });
    var operation = $('filter-operation').value.trim();
    var urn = $('filter-urn').value.trim();
    if (operation) params.set('operation', operation);
    if (urn) params.set('urn', urn);
    return 'requests?' + params.toString();
  }

  function renderJournal(page) {
    var body = $('journal').tBodies[0];
    body.replaceChildren();
    var entries = page.requests.slice().reverse();
    if (entries.length === 0) emptyRow(body, 9, 'No request matches.');
    entries.forEach(function (entry) {
      var row = document.createElement('tr');
      row.className = 'entry' + (selected === entry.id ? ' selected' : '');
      row.dataset.id = String(entry.id);
      cell(row, entry.id);
      cell(row, entry.time.slice(11, 23));
      cell(row, entry.session === null ? 'default' : entry.session);
      cell(row, entry.method);
      cell(row, entry.path + (Object.keys(entry.query).length ? '?' + new URLSearchParams(entry.query).toString() : ''));
      cell(row, entry.operation);
      cell(row, entry.status === null ? 'none' : entry.status, entry.status === null ? 'status-none' : 'status-' + String(entry.status).charAt(0));
      cell(row, entry.durationMs.toFixed(1));
      cell(row, entry.fault ? entry.fault.kind + ' ' + entry.fault.id : '');
      row.addEventListener('click', function () {
        selected = entry.id;
        showRequest(entry);
        renderJournal(page);
      });
      body.appendChild(row);
      if (entry.operation && !seenOperations[entry.operation]) {
        seenOperations[entry.operation] = true;
        var option = document.createElement('option');
        option.value = entry.operation;
        $('operations').appendChild(option);
      }
    });
  }

  /** Fills the body of table id with one row per item, the cells cellsOf gives; emptyText when there is none. */
  function fillTable(id, items, emptyText, cellsOf) {
    var table = $(id);
    var body = table.tBodies[0];
    body.replaceChildren();
    if (items.length === 0) emptyRow(body, table.tHead.rows[0].cells.length, emptyText);
    items.forEach(function (item) {
      var row = document.createElement('tr');
      cellsOf(item).forEach(function (value) { cell(row, value); });
      body.appendChild(row);
    });
  }

  function renderSessions(list) {
    fillTable('sessions', list.sessions, 'No session besides the default one.', function (s) { return [s.id, s.scenario, s.requests, s.faults]; });
    var select = $('session');
    var chosen = select.value;
    while (select.options.length > 1) select.remove(1);
    list.sessions.forEach(function (s) {
      var option = document.createElement('option');
      option.value = s.id;
      option.textContent = s.id;
      select.appendChild(option);
    });
    select.value = chosen;
  }

  function renderFaults(list) {
    fillTable('faults', list.faults, 'No active fault in this session.', function (f) {
      return [f.id, f.operation, f.kind, f.kind === 'error' ? f.status : '', f.times === undefined ? 'until removed' : f.times, f.probability];
    });
  }

  function renderState(state) {
    var out = $('state');
    out.replaceChildren();
    var h = document.createElement('h3');
    h.textContent = state.entityType + ' ' + state.urn;
    out.appendChild(h);
    state.aspects.forEach(function (aspect) {
      var section = document.createElement('section');
      section.className = 'aspect';
      section.dataset.aspect = aspect.name;
      var title = document.createElement('h3');
      var link = document.createElement('a');
      link.textContent = aspect.name;
      link.href = 'docs/aspects.html#aspect-' + encodeURIComponent(aspect.name);
      link.title = aspect.record ? aspect.record + ' in the docs' : 'no schema';
      title.appendChild(link);
      title.appendChild(document.createTextNode(' (' + aspect.versions.length + (aspect.versions.length === 1 ? ' version)' : ' versions)')));
      section.appendChild(title);
      aspect.versions.forEach(function (v) {
        var details = document.createElement('details');
        details.open = v.version === 0;
        var summary = document.createElement('summary');
        summary.textContent = 'version ' + v.version + (v.version === 0 ? ' (latest)' : '') + ', ' + new Date(v.created.time).toISOString() + ' by ' + v.created.actor;
        details.appendChild(summary);
        var pre = document.createElement('pre');
        pre.textContent = JSON.stringify(v.value, null, 2);
        details.appendChild(pre);
        section.appendChild(details);
      });
      out.appendChild(section);
    });
  }

  function refresh() {
    return Promise.all([admin(journalQuery()), admin('sessions'), admin('faults')])
      .then(function (answers) {
        renderJournal(answers[0]);
        renderSessions(answers[1]);
        renderFaults(answers[2]);
        say('');
      })
      .catch(function (error) { say(error.message); });
  }

  function showState(event) {
    if (event) event.preventDefault();
    var urn = $('state-urn').value.trim();
    if (!urn) return;
    admin('entities/' + encodeURIComponent(urn))
      .then(renderState)
      .catch(function (error) {
        $('state').replaceChildren();
        say(error.message);
      });
  }

  $('clear-faults').addEventListener('click', function () { admin('faults', { method: 'DELETE' }).then(refresh).catch(function (e) { say(e.message); }); });
  $('clear-journal').addEventListener('click', function () { admin('requests', { method: 'DELETE' }).then(refresh).catch(function (e) { say(e.message); }); });
  $('journal-filter').addEventListener('input', refresh);
  $('session').addEventListener('change', function () { refresh(); if ($('state-urn').value.trim()) showState(); });
  $('state-form').addEventListener('submit', showState);
  setInterval(function () { if ($('live').checked) refresh(); }, POLL_MS);
  refresh();
})();
`;
