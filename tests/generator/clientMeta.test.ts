// The browser's metadata (src/generated/clientEntities.ts) is the server's less what only the
// server reads and the labels (ClientEntityMeta, src/shared/meta.ts); main.tsx hands it to
// screens typed with the full EntityMeta. These tests keep that honest: the module is exactly
// entities.ts less those properties, and no code under src/app reads one of them (found with
// the type checker, so `field.column` is caught and a print sheet's own `f.label` is not).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { entities } from '../../src/generated/entities';
import { entities as clientEntities } from '../../src/generated/clientEntities';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Left out of the browser's copy, by the interface that declares them. */
const LEFT_OUT: Record<string, string[]> = {
  EntityMeta: ['file', 'table'],
  FieldMeta: ['column', 'label', 'valueLabels'],
  LinesMeta: ['table'],
};

describe('client metadata', () => {
  it('is the server metadata less the server-only properties and the field labels', () => {
    const strip = (e: (typeof entities)[number]) => {
      const field = (f: (typeof e.fields)[number]): unknown => {
        const { column: _c, label: _l, valueLabels: _v, lines, ...kept } = f;
        return lines ? { ...kept, lines: { totals: lines.totals, fields: lines.fields.map(field) } } : kept;
      };
      const { file: _f, table: _t, fields, ...kept } = e;
      return { ...kept, fields: fields.map(field) };
    };
    expect(clientEntities.length).toBeGreaterThan(10);
    expect(clientEntities).toEqual(entities.map(strip));
  });

  it('is never asked for what it leaves out by code under src/app', () => {
    const config = ts.getParsedCommandLineOfConfigFile(
      path.join(repo, 'tsconfig.json'),
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (d) => {
          throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
        },
      },
    )!;
    const appDir = path.join(repo, 'src', 'app') + path.sep;
    const rootNames = config.fileNames.filter((f) => path.resolve(f).startsWith(appDir));
    const program = ts.createProgram({ rootNames, options: { ...config.options, noEmit: true } });
    const checker = program.getTypeChecker();
    const metaFile = path.join(repo, 'src', 'shared', 'meta.ts');

    const leftOut = (symbol: ts.Symbol | undefined) =>
      (symbol?.declarations ?? []).some((d) => {
        const owner = d.parent;
        return (
          path.resolve(d.getSourceFile().fileName) === metaFile &&
          ts.isInterfaceDeclaration(owner) &&
          (LEFT_OUT[owner.name.text] ?? []).includes(symbol!.name)
        );
      });

    const reads: string[] = [];
    for (const source of program.getSourceFiles()) {
      if (!path.resolve(source.fileName).startsWith(appDir)) continue;
      const visit = (node: ts.Node) => {
        let name: ts.Node | undefined;
        if (ts.isPropertyAccessExpression(node)) name = node.name;
        else if (ts.isElementAccessExpression(node)) name = node.argumentExpression;
        else if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent))
          name = node.propertyName ?? node.name;
        if (name) {
          const symbol = ts.isBindingElement(node)
            ? checker.getTypeAtLocation(node.parent).getProperty(name.getText(source))
            : checker.getSymbolAtLocation(name);
          if (leftOut(symbol)) {
            const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
            reads.push(`${path.relative(repo, source.fileName)}:${line + 1} ${node.getText(source)}`);
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(reads).toEqual([]);
  }, 120_000);
});
