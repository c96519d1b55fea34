// ESLint rule: a source file over 300 lines says why in its first lines (ADR 0017, ADR 0029; issue 31). Small files
// are the house style; a longer one is allowed when it is one thing that reads best whole (a pure engine, a catalogue,
// the demo seed), and then its header says so with the words "Longer than 300 lines" and the reason.

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'suggestion',
    docs: { description: 'A source file over the line limit starts with a "Longer than" header that says why.' },
    schema: [{ type: 'object', properties: { max: { type: 'integer' } }, additionalProperties: false }],
    messages: {
      long: 'This file has {{lines}} lines (over {{max}}): split it, or say why in its first three lines ("Longer than {{max}} lines: …").',
    },
  },
  create(context) {
    const max = context.options[0]?.max ?? 300;
    return {
      Program(node) {
        const lines = context.sourceCode.lines;
        // As `wc -l` counts them: a final newline ends the last line, it does not start another.
        const count = lines.at(-1) === '' ? lines.length - 1 : lines.length;
        if (count <= max) return;
        if (lines.slice(0, 3).some((l) => l.includes('Longer than'))) return;
        context.report({ node, loc: { line: 1, column: 0 }, messageId: 'long', data: { lines: count, max } });
      },
    };
  },
};
