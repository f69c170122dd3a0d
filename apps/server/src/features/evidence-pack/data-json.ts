import type { Section } from './sections.ts';

/**
 * data.json: the same facts as summary.pdf, whole. An object of one key per section (an object for a
 * section of fields, an array for a table), written a batch of rows at a time, then `more` (the audit
 * tally, the documents) once they are known.
 */
export async function* dataJson(
  head: Record<string, unknown>,
  sections: Section[],
  more: () => Record<string, unknown>,
): AsyncGenerator<string> {
  yield `{\n${Object.entries(head)
    .map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)},\n`)
    .join('')}`;
  for (const section of sections) {
    yield `${JSON.stringify(section.key)}: `;
    if (section.shape === 'fields') {
      let first: unknown = null;
      for await (const batch of section.rows()) first ??= batch[0] ?? null;
      yield `${JSON.stringify(first)},\n`;
      continue;
    }
    yield '[';
    let n = 0;
    for await (const batch of section.rows()) {
      let chunk = '';
      for (const row of batch) chunk += `${n++ === 0 ? '\n' : ',\n'}${JSON.stringify(row)}`;
      yield chunk;
    }
    yield n === 0 ? '],\n' : '\n],\n';
  }
  const tail = Object.entries(more());
  yield `${tail.map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(',\n')}\n}\n`;
}
