/** The curl command that sends a case again, for the failure report. */
import type { FuzzCase } from './fuzz-case.js';

const quote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

export function curlOf(fuzzCase: FuzzCase, baseUrl: string, token: string | undefined): string {
  const parts = ['curl -si', '-X', fuzzCase.method, quote(baseUrl + fuzzCase.target)];
  for (const [name, value] of Object.entries(fuzzCase.headers)) parts.push('-H', quote(`${name}: ${value}`));
  if (token) parts.push('-H', quote(`Authorization: Bearer ${token}`));
  const body = fuzzCase.body;
  if (body) {
    const text = body.toString('utf8');
    const printable = Buffer.from(text, 'utf8').equals(body) && !text.includes('\u0000');
    if (!printable)
      parts.push(
        '--data-binary',
        `@<(printf ${quote([...body].map((b) => `\\x${b.toString(16).padStart(2, '0')}`).join(''))})`,
      );
    else if (text.length > 2000)
      parts.push('--data-binary', `@<(python3 -c ${quote(`import sys; sys.stdout.write(${summarise(text)})`)})`);
    else parts.push('--data-binary', quote(text));
  }
  return parts.join(' ');
}

/** A long body as a short Python expression: runs of one repeated chunk written as chunk * n. */
function summarise(text: string): string {
  const pieces: string[] = [];
  let i = 0;
  while (i < text.length) {
    let best = { size: 1, times: 1 };
    for (let size = 1; size <= 8; size++) {
      const chunk = text.slice(i, i + size);
      let times = 1;
      while (text.startsWith(chunk, i + times * size)) times++;
      if (times * size > best.size * best.times && times > 3) best = { size, times };
    }
    const chunk = text.slice(i, i + best.size);
    pieces.push(best.times > 3 ? `${JSON.stringify(chunk)} * ${best.times}` : JSON.stringify(text.slice(i, i + 1)));
    i += best.times > 3 ? best.size * best.times : 1;
  }
  // Neighbouring single characters joined back into one literal.
  return pieces
    .reduce<string[]>((out, piece) => {
      const last = out[out.length - 1];
      if (last && !last.includes(' * ') && !piece.includes(' * '))
        out[out.length - 1] = JSON.stringify(JSON.parse(last) + JSON.parse(piece));
      else out.push(piece);
      return out;
    }, [])
    .join(' + ');
}
