/**
 * A JUnit report checked against conformance/junit.xsd without an XSD validator: the XSD's element and
 * attribute declarations read, and the report's tree checked against them (allowed children, how many of
 * each, declared and required attributes, attribute types). Shared by the suite's and the operations
 * run's JUnit tests.
 */
export interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos);/g, (_m, name: string) => ENTITIES[name] ?? '');
}

/** A small XML parser for well-formed documents without DTDs; throws on anything malformed. */
export function parseXml(xml: string): XmlNode {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '').replace(/<!--[\s\S]*?-->/g, '');
  const root: XmlNode = { name: '#document', attributes: {}, children: [], text: '' };
  const stack = [root];
  const tag = /<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+\s*=\s*"[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  let match: RegExpExecArray | null;
  let consumed = 0;
  while ((match = tag.exec(body))) {
    consumed = tag.lastIndex;
    const top = stack[stack.length - 1];
    if (!top) throw new Error('unbalanced document');
    const [, closing, name = '', attrs = '', selfClosing, text] = match;
    if (text !== undefined) {
      if (/&(?!(amp|lt|gt|quot|apos);)/.test(text)) throw new Error(`bad entity in text: ${text.slice(0, 40)}`);
      top.text += decode(text);
      continue;
    }
    if (closing) {
      if (top.name !== name) throw new Error(`</${name}> closes <${top.name}>`);
      stack.pop();
      continue;
    }
    const attributes: Record<string, string> = {};
    for (const a of attrs.matchAll(/([\w:.-]+)\s*=\s*"([^"]*)"/g)) {
      if ((a[1] ?? '') in attributes) throw new Error(`duplicate attribute ${a[1]}`);
      attributes[a[1] ?? ''] = decode(a[2] ?? '');
    }
    const node: XmlNode = { name, attributes, children: [], text: '' };
    top.children.push(node);
    if (!selfClosing) stack.push(node);
  }
  if (consumed !== body.length || stack.length !== 1) throw new Error(`not well-formed at offset ${consumed}`);
  const [documentElement, ...rest] = root.children;
  if (!documentElement || rest.length || root.text.trim()) throw new Error('a document has exactly one root element');
  return documentElement;
}

interface ElementRule {
  children: Map<string, { max: number }>;
  attributes: Map<string, { type: string; required: boolean }>;
  textOnly: boolean;
}

/** The element rules of an XSD written as this repository's junit.xsd is: global elements, refs, inline complex types. */
function xsdRules(xsd: XmlNode): { rules: Map<string, ElementRule>; simpleTypes: Map<string, XmlNode> } {
  const rules = new Map<string, ElementRule>();
  const simpleTypes = new Map<string, XmlNode>();
  for (const decl of xsd.children) {
    if (decl.name === 'xs:simpleType') simpleTypes.set(decl.attributes.name ?? '', decl);
    if (decl.name !== 'xs:element') continue;
    const rule: ElementRule = {
      children: new Map(),
      attributes: new Map(),
      textOnly: decl.attributes.type === 'xs:string',
    };
    const visit = (node: XmlNode, unbounded: boolean): void => {
      for (const child of node.children) {
        if (child.name === 'xs:element' && child.attributes.ref) {
          const max =
            unbounded || child.attributes.maxOccurs === 'unbounded'
              ? Infinity
              : Number(child.attributes.maxOccurs ?? 1);
          rule.children.set(child.attributes.ref, { max });
        } else if (child.name === 'xs:attribute') {
          rule.attributes.set(child.attributes.name ?? '', {
            type: child.attributes.type ?? 'xs:string',
            required: child.attributes.use === 'required',
          });
        } else if (child.name !== 'xs:annotation') {
          visit(child, unbounded || (child.name === 'xs:choice' && child.attributes.maxOccurs === 'unbounded'));
        }
      }
    };
    visit(decl, false);
    rules.set(decl.attributes.name ?? '', rule);
  }
  return { rules, simpleTypes };
}

export function validateAgainst(xsdText: string, xml: string): string[] {
  const { rules, simpleTypes } = xsdRules(parseXml(xsdText));
  const errors: string[] = [];
  const typeOk = (type: string, value: string): boolean => {
    if (type === 'xs:string') return true;
    if (type === 'xs:nonNegativeInteger') return /^\d+$/.test(value);
    if (type === 'xs:decimal') return /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(value);
    const simple = simpleTypes.get(type);
    const restriction = simple?.children.find((c) => c.name === 'xs:restriction');
    const pattern = restriction?.children.find((c) => c.name === 'xs:pattern')?.attributes.value;
    if (pattern === undefined) return false;
    return new RegExp(`^(?:${pattern})$`).test(value) && !Number.isNaN(Date.parse(value));
  };
  const check = (node: XmlNode, path: string): void => {
    const rule = rules.get(node.name);
    if (!rule) {
      errors.push(`${path}: element ${node.name} is not declared`);
      return;
    }
    for (const [name, value] of Object.entries(node.attributes)) {
      const attr = rule.attributes.get(name);
      if (!attr) errors.push(`${path}: attribute ${name} is not declared`);
      else if (!typeOk(attr.type, value)) errors.push(`${path}: attribute ${name}="${value}" is not ${attr.type}`);
    }
    for (const [name, attr] of rule.attributes)
      if (attr.required && !(name in node.attributes)) errors.push(`${path}: missing required attribute ${name}`);
    if (rule.textOnly && node.children.length) errors.push(`${path}: ${node.name} holds text only`);
    if (!rule.textOnly && !rule.children.size && node.children.length)
      errors.push(`${path}: ${node.name} has no child elements`);
    const counts = new Map<string, number>();
    node.children.forEach((child, i) => {
      const allowed = rule.children.get(child.name);
      if (!rule.textOnly && !allowed) errors.push(`${path}: ${child.name} is not allowed in ${node.name}`);
      counts.set(child.name, (counts.get(child.name) ?? 0) + 1);
      check(child, `${path}/${child.name}[${i}]`);
    });
    for (const [name, count] of counts) {
      const max = rule.children.get(name)?.max ?? Infinity;
      if (count > max) errors.push(`${path}: ${count} ${name} elements, at most ${max}`);
    }
  };
  const root = parseXml(xml);
  check(root, root.name);
  return errors;
}
