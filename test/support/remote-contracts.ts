// Reads the contract between the apps from their sources: which modules each remote exposes
// (its webpack config), which ones the shell and the other remotes render (<RemoteSlot> in
// their code) and with which props, and whether each exposed slot component takes those props
// (the TypeScript checker over both sides). Used by test/remote-contracts.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** One `<RemoteSlot remote="mf_x" module="./Y" props={…}>` in an app's source. */
export interface SlotUsage {
  /** "mf-vouches/src/features/dashboard/components/dashboard-page.tsx:60", for messages. */
  where: string;
  /** null when not a string literal (the route table's slots: checked against REMOTE_ROUTES). */
  remote: string | null;
  module: string | null;
  /** The `props` expression, when given. */
  props: ts.Expression | null;
}

/** All .ts/.tsx files under `dir`, except tests. */
export function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** A program over `files` with the repository's compiler options (lazy: only what is asked is checked). */
export function createProgram(root: string, files: string[]): ts.Program {
  const configFile = path.join(root, 'tsconfig.base.json');
  const { config } = ts.readConfigFile(configFile, (file) => ts.sys.readFile(file));
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root);
  return ts.createProgram({ rootNames: files, options: { ...options, noEmit: true } });
}

function literal(attribute: ts.JsxAttribute | undefined): string | null {
  const value = attribute?.initializer;
  if (!value) return null;
  if (ts.isStringLiteral(value)) return value.text;
  if (ts.isJsxExpression(value) && value.expression && ts.isStringLiteralLike(value.expression)) return value.expression.text;
  return null;
}

/** Every <RemoteSlot> in `file`. */
export function slotUsages(root: string, file: ts.SourceFile): SlotUsage[] {
  const found: SlotUsage[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) && node.tagName.getText(file) === 'RemoteSlot') {
      const attributes = new Map(
        node.attributes.properties.filter(ts.isJsxAttribute).map((attribute) => [attribute.name.getText(file), attribute] as const),
      );
      const props = attributes.get('props')?.initializer;
      const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
      found.push({
        where: `${path.relative(root, file.fileName)}:${line + 1}`,
        remote: literal(attributes.get('remote')),
        module: literal(attributes.get('module')),
        props: props && ts.isJsxExpression(props) && props.expression ? props.expression : null,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/**
 * What is wrong between `usage` and the component `exposedFile` exports by default: props it
 * passes that the component does not declare or of a type it does not accept, and props the
 * component requires that it does not pass. Empty when they agree.
 */
export function propsProblems(program: ts.Program, usage: SlotUsage, exposedFile: string, exposedName: string): string[] {
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(exposedFile);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  const defaultExport = moduleSymbol && checker.getExportsOfModule(moduleSymbol).find((symbol) => symbol.name === 'default');
  if (!source || !defaultExport) return [`${exposedName} has no default export for ${usage.where} to render.`];
  const [signature] = checker.getTypeOfSymbolAtLocation(defaultExport, source).getCallSignatures();
  if (!signature) return [`${exposedName}'s default export is not a component (${usage.where} renders it).`];
  const parameter = signature.parameters[0];
  const declaredType = parameter ? checker.getTypeOfSymbolAtLocation(parameter, source) : null;
  const declared = new Map((declaredType ? checker.getPropertiesOfType(declaredType) : []).map((symbol) => [symbol.name, symbol]));
  const passed = usage.props ? checker.getPropertiesOfType(checker.getTypeAtLocation(usage.props)) : [];

  const problems: string[] = [];
  for (const prop of passed) {
    const target = declared.get(prop.name);
    if (!target) {
      problems.push(`${usage.where} passes prop "${prop.name}" that ${exposedName} no longer takes.`);
      continue;
    }
    const given = checker.getTypeOfSymbolAtLocation(prop, usage.props!);
    const wanted = checker.getTypeOfSymbolAtLocation(target, source);
    if (!checker.isTypeAssignableTo(given, wanted)) {
      problems.push(`${usage.where} passes "${prop.name}" as ${checker.typeToString(given)}, but ${exposedName} wants ${checker.typeToString(wanted)}.`);
    }
  }
  const passedNames = new Set(passed.map((prop) => prop.name));
  for (const [name, symbol] of declared) {
    if (!(symbol.flags & ts.SymbolFlags.Optional) && !passedNames.has(name)) problems.push(`${exposedName} requires prop "${name}", which ${usage.where} does not pass.`);
  }
  return problems;
}

/**
 * The usages whose module the remote does not expose (or whose remote or module cannot be read
 * from the source), as sentences. `exposes`: each remote's federation name → its exposed modules.
 */
export function exposeProblems(usages: readonly SlotUsage[], exposes: ReadonlyMap<string, Readonly<Record<string, string>>>): string[] {
  return usages.flatMap((usage) => {
    // The route table's slots name remote and page by variable; REMOTE_ROUTES is checked on its own.
    if (usage.remote === null && usage.module === './routes') return [];
    if (usage.remote === null || usage.module === null) return [`${usage.where}: write remote and module as string literals, so this check can read which module is rendered.`];
    const modules = exposes.get(usage.remote);
    if (!modules) return [`${usage.where} renders from ${usage.remote}, which is not a remote of this repository.`];
    return usage.module in modules ? [] : [`${usage.where} renders ${usage.remote} ${usage.module}, which ${usage.remote} no longer exposes (it exposes ${Object.keys(modules).join(', ')}).`];
  });
}
