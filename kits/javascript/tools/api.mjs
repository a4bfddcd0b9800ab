// Lists the kit's declared API, one declaration a line: each export of the ES module's
// types with its type as the TypeScript compiler prints it, and each public member of an
// exported class (instance and static) or interface. tools/kit_api compares these lines
// with api.txt, the record of the last release.
import ts from "typescript";

const entry = new URL("../seven-rocks-kit.d.mts", import.meta.url).pathname;
// The options fixed here, not taken from a tsconfig: the same declarations print the same.
const program = ts.createProgram([entry], {
  strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, lib: ["lib.es2022.d.ts"],
  module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, types: [],
});
const checker = program.getTypeChecker();
const module = checker.getSymbolAtLocation(program.getSourceFile(entry));
const lines = [];
const text = (type) =>
  checker.typeToString(type, undefined, ts.TypeFormatFlags.NoTruncation);
const members = (owner, type, where) => {
  for (const property of checker.getPropertiesOfType(type)) {
    if (property.getName().startsWith("#") || property.getName() === "prototype") continue;
    const declaration = property.valueDeclaration ?? property.declarations?.[0];
    const flags = declaration ? ts.getCombinedModifierFlags(declaration) : 0;
    if (flags & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) continue;
    // A getter with no setter is read-only, as `readonly` declares it.
    const kinds = (property.declarations ?? []).map((d) => d.kind);
    const getterOnly = kinds.includes(ts.SyntaxKind.GetAccessor) && !kinds.includes(ts.SyntaxKind.SetAccessor);
    const readonly = flags & ts.ModifierFlags.Readonly || getterOnly ? "readonly " : "";
    lines.push(`${owner}${where}${readonly}${property.getName()}: ${text(checker.getTypeOfSymbol(property))}`);
  }
};
for (let symbol of checker.getExportsOfModule(module)) {
  const name = symbol.getName();
  if (symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  if (symbol.flags & ts.SymbolFlags.Class) {
    const statics = checker.getTypeOfSymbol(symbol);
    for (const signature of statics.getConstructSignatures()) {
      lines.push(`class ${name}: new ${checker.signatureToString(signature, undefined, ts.TypeFormatFlags.NoTruncation)}`);
    }
    members(name, statics, " static ");
    members(name, checker.getDeclaredTypeOfSymbol(symbol), " ");
  } else if (symbol.flags & ts.SymbolFlags.Interface) {
    lines.push(`interface ${name}`);
    members(name, checker.getDeclaredTypeOfSymbol(symbol), " ");
  } else if (symbol.flags & ts.SymbolFlags.TypeAlias) {
    // As declared (a union printed from the checker's types comes in no fixed order).
    const declaration = symbol.declarations.find(ts.isTypeAliasDeclaration);
    const text = declaration.type.getText().replace(/\s+/g, " ").replace(/^\| /, "");
    lines.push(`type ${name} = ${text.replace(/; }/g, " }")}`);
  } else {
    lines.push(`${name}: ${text(checker.getTypeOfSymbol(symbol))}`);
  }
}
console.log(lines.sort().join("\n"));
