/**
 * Checks an IFC4 file (STEP physical file, ISO 10303-21) against the IFC4 ADD2 TC1 schema as
 * @ifc-lite/parser publishes it (its SCHEMA_REGISTRY: every entity with its attributes, the defined
 * types, enumerations and selects). It checks what the schema's attribute declarations say: known,
 * instantiable entities, the number of attributes, `$` only where optional, `*` only where derived,
 * each value's type (entity references by subtype, select members, enumeration values, defined and
 * simple types, aggregate bounds), dangling references and unique GlobalIds. It does not check WHERE
 * rules, global rules or inverse cardinalities: no library for them runs here.
 */
import { SCHEMA_REGISTRY } from "@ifc-lite/parser";

type Value =
  | { k: "null" | "derived" }
  | { k: "ref"; id: number }
  | { k: "str" | "enum" | "bin"; v: string }
  | { k: "real" | "int"; v: number }
  | { k: "list"; items: Value[] }
  | { k: "typed"; name: string; args: Value[] };

interface Attribute {
  name: string;
  type: string;
  optional: boolean;
  isList: boolean;
  isSet: boolean;
  isArray: boolean;
  arrayBounds?: [number, number];
}
interface EntityMeta {
  isAbstract: boolean;
  allAttributes: Attribute[];
  inheritanceChain: string[];
}

const registry = SCHEMA_REGISTRY as unknown as {
  entities: Record<string, EntityMeta>;
  types: Record<string, string>;
  enums: Record<string, string[]>;
  selects: Record<string, string[]>;
};
const { entities, types, enums, selects } = registry;
const byUpper = new Map(
  [entities, types, enums, selects].flatMap((table) => Object.keys(table).map((name) => [name.toUpperCase(), name])),
);

/** Attributes that a subtype redeclares as derived, which a file writes as `*`. */
const DERIVED: Record<string, string[]> = {
  IfcSIUnit: ["Dimensions"],
  IfcOrientedEdge: ["EdgeStart", "EdgeEnd"],
  IfcMirroredProfileDef: ["Operator"],
  IfcGeometricRepresentationSubContext: ["WorldCoordinateSystem", "CoordinateSpaceDimension", "TrueNorth", "Precision"],
};
const isDerived = (entity: string, attribute: string) =>
  (entities[entity]?.inheritanceChain ?? []).some((parent) => DERIVED[parent]?.includes(attribute));
const isA = (entity: string, ancestor: string) => entities[entity]?.inheritanceChain.includes(ancestor) ?? false;

/** One value of a record, from `at`: the value and where the next one starts. */
function parseValue(text: string, from: number): [Value, number] {
  let at = from;
  while (/\s/.test(text[at] ?? "")) at++;
  const rest = text.slice(at, at + 200);
  const char = text[at];
  if (char === "$") return [{ k: "null" }, at + 1];
  if (char === "*") return [{ k: "derived" }, at + 1];
  if (char === "'") {
    const end = /^'((?:[^']|'')*)'/.exec(text.slice(at));
    if (!end) throw new Error(`unterminated string at ${rest.slice(0, 20)}`);
    return [{ k: "str", v: (end[1] ?? "").replace(/''/g, "'") }, at + end[0].length];
  }
  if (char === "(") return parseList(text, at + 1);
  const match = /^#(\d+)/.exec(rest) ?? /^\.([A-Z_][A-Z0-9_]*)\./i.exec(rest) ?? /^"([0-9A-F]*)"/i.exec(rest) ?? null;
  if (match && char === "#") return [{ k: "ref", id: Number(match[1]) }, at + match[0].length];
  if (match && char === ".") return [{ k: "enum", v: (match[1] ?? "").toUpperCase() }, at + match[0].length];
  if (match && char === '"') return [{ k: "bin", v: match[1] ?? "" }, at + match[0].length];
  const number = /^[+-]?\d+(\.\d*)?([eE][+-]?\d+)?/.exec(rest);
  if (number) {
    const real = number[1] !== undefined || number[2] !== undefined;
    return [{ k: real ? "real" : "int", v: Number(number[0]) }, at + number[0].length];
  }
  const typed = /^([A-Z_][A-Z0-9_]*)\s*\(/i.exec(rest);
  if (!typed) throw new Error(`unexpected text at ${rest.slice(0, 30)}`);
  const [list, next] = parseList(text, at + typed[0].length);
  return [{ k: "typed", name: (typed[1] ?? "").toUpperCase(), args: list.k === "list" ? list.items : [] }, next];
}

/** A parenthesised list whose opening parenthesis ends before `from`. */
function parseList(text: string, from: number): [Value, number] {
  const items: Value[] = [];
  let at = from;
  while (/\s/.test(text[at] ?? "")) at++;
  if (text[at] === ")") return [{ k: "list", items }, at + 1];
  for (;;) {
    const [value, next] = parseValue(text, at);
    items.push(value);
    at = next;
    while (/\s/.test(text[at] ?? "")) at++;
    if (text[at] === ")") return [{ k: "list", items }, at + 1];
    if (text[at] !== ",") throw new Error(`expected "," or ")" at ${text.slice(at, at + 20)}`);
    at++;
  }
}

/** The checker of one file: its instances by number, and the errors found. */
class Check {
  readonly errors: string[] = [];
  readonly instances = new Map<number, { entity: string | null; args: Value[] }>();
  private id = 0;

  error(message: string) {
    this.errors.push(`#${this.id}: ${message}`);
  }

  instance(id: number, entity: string, args: Value[]) {
    this.id = id;
    const meta = entities[entity];
    if (!meta) return;
    if (meta.isAbstract) this.error(`${entity} is abstract`);
    if (args.length !== meta.allAttributes.length) {
      this.error(`${entity} has ${args.length} attributes, the schema ${meta.allAttributes.length}`);
      return;
    }
    meta.allAttributes.forEach((attribute, index) => {
      this.attribute(args[index] as Value, attribute, entity);
    });
  }

  private attribute(value: Value, attribute: Attribute, entity: string): void {
    const where = `${entity}.${attribute.name}`;
    const derived = isDerived(entity, attribute.name);
    if (value.k === "derived" || derived) {
      if (value.k !== "derived" || !derived) this.error(`${where}: "*" is for derived attributes only`);
      return;
    }
    if (value.k === "null") {
      if (!attribute.optional) this.error(`${where}: mandatory, but $`);
      return;
    }
    if (!attribute.isList && !attribute.isSet && !attribute.isArray) {
      this.value(value, attribute.type, where);
      return;
    }
    const [low, high] = attribute.arrayBounds ?? [0, Number.POSITIVE_INFINITY];
    const member = attribute.type.replace(/^UNIQUE /, "");
    const nested = member.endsWith("[]") ? member.slice(0, -2) : null;
    this.aggregate(value, low, high, where, (item, at) =>
      nested
        ? this.aggregate(item, 0, Number.POSITIVE_INFINITY, at, (inner, deep) => this.value(inner, nested, deep))
        : this.value(item, member, at),
    );
  }

  private aggregate(
    value: Value,
    low: number,
    high: number,
    where: string,
    each: (item: Value, at: string) => void,
  ): void {
    if (value.k !== "list") {
      this.error(`${where}: an aggregate expected`);
      return;
    }
    if (value.items.length < low || value.items.length > high) this.error(`${where}: ${value.items.length} members`);
    value.items.forEach((item, index) => {
      each(item, `${where}[${index}]`);
    });
  }

  /** A value of the named type: an entity, a select, an enumeration, a defined or a simple type. */
  private value(value: Value, type: string, where: string): void {
    if (entities[type]) {
      this.reference(value, (entity) => isA(entity, type), `${where}: not a ${type}`);
      return;
    }
    const members = selects[type];
    if (members) {
      this.selectValue(value, type, members, where);
      return;
    }
    const values = enums[type];
    if (values) {
      if (value.k !== "enum" || !values.includes(value.v)) this.error(`${where}: not a value of ${type}`);
      return;
    }
    const spec = types[type] ?? type;
    const aggregate = /^(LIST|SET|ARRAY|BAG)\s*\[\s*(\d+)\s*:\s*(\?|\d+)\s*\]\s*OF\s+(?:UNIQUE\s+)?(\w+)$/.exec(spec);
    if (aggregate) {
      const high = aggregate[3] === "?" ? Number.POSITIVE_INFINITY : Number(aggregate[3]);
      const member = aggregate[4] ?? "";
      this.aggregate(value, Number(aggregate[2]), high, where, (item, at) => this.value(item, member, at));
      return;
    }
    const underlying = byUpper.get(spec.toUpperCase());
    if (underlying && underlying !== type) {
      this.value(value, underlying, where);
      return;
    }
    this.simple(value, type, spec.split(/[\s(]/)[0] ?? "", where);
  }

  private selectValue(value: Value, type: string, members: string[], where: string): void {
    const flat = flatSelect(members);
    if (value.k === "ref") {
      this.reference(value, (entity) => flat.some((m) => isA(entity, m)), `${where}: not in ${type}`);
      return;
    }
    const named = value.k === "typed" ? byUpper.get(value.name) : undefined;
    if (value.k !== "typed" || !named || !flat.includes(named) || value.args.length !== 1) {
      this.error(`${where}: ${value.k === "typed" ? value.name : value.k} is not in ${type}`);
      return;
    }
    this.value(value.args[0] as Value, named, `${where}<${named}>`);
  }

  private reference(value: Value, fits: (entity: string) => boolean, message: string): void {
    if (value.k !== "ref") {
      this.error(`${message} (an instance expected)`);
      return;
    }
    const target = this.instances.get(value.id);
    if (!target) {
      this.error(`${message}: #${value.id} is not in the file`);
      return;
    }
    if (target.entity && !fits(target.entity)) this.error(`${message}: #${value.id} is ${target.entity}`);
  }

  private simple(value: Value, type: string, base: string, where: string): void {
    const fits: Record<string, boolean> = {
      REAL: value.k === "real",
      NUMBER: value.k === "real" || value.k === "int",
      INTEGER: value.k === "int",
      STRING: value.k === "str",
      BOOLEAN: value.k === "enum" && ["T", "F"].includes(value.v),
      LOGICAL: value.k === "enum" && ["T", "F", "U"].includes(value.v),
      BINARY: value.k === "bin",
    };
    if (!(base in fits)) {
      this.error(`${where}: the type ${type} is not known here`);
      return;
    }
    if (!fits[base]) {
      this.error(`${where}: not a ${type} (${base})`);
      return;
    }
    if (type === "IfcGloballyUniqueId" && value.k === "str" && !/^[0-9A-Za-z_$]{22}$/.test(value.v))
      this.error(`${where}: not a GlobalId`);
  }
}

function flatSelect(members: string[], seen = new Set<string>()): string[] {
  return members.flatMap((member) => {
    if (seen.has(member)) return [];
    seen.add(member);
    const nested = selects[member];
    return nested ? flatSelect(nested, seen) : [member];
  });
}

/** The schema errors of an IFC4 file: none when it is valid at the level of attributes. */
export function ifc4SchemaErrors(file: string): string[] {
  const check = new Check();
  const schema = /FILE_SCHEMA\s*\(\s*\(\s*'([^']*)'/i.exec(file)?.[1];
  if (schema?.toUpperCase() !== "IFC4") check.errors.push(`FILE_SCHEMA is ${schema ?? "missing"}, not IFC4`);
  const data = /\bDATA;([\s\S]*?)\bENDSEC;/.exec(file)?.[1] ?? "";
  const records = [...data.matchAll(/#(\d+)\s*=\s*([A-Z0-9_]+)\s*(\((?:[^;']|'(?:[^']|'')*')*\))\s*;/gi)];
  const seen = new Map<string, number>();
  for (const [, id, name = "", text = ""] of records) {
    const entity = byUpper.get(name.toUpperCase());
    const [args] = parseList(text, 1);
    check.instances.set(Number(id), {
      entity: entity && entities[entity] ? entity : null,
      args: args.k === "list" ? args.items : [],
    });
    if (!entity || !entities[entity]) check.errors.push(`#${id}: ${name} is not an IFC4 entity`);
  }
  for (const [id, { entity, args }] of check.instances) {
    if (!entity) continue;
    check.instance(id, entity, args);
    const globalId = entities[entity]?.allAttributes[0]?.name === "GlobalId" ? args[0] : undefined;
    if (globalId?.k === "str") {
      if (seen.has(globalId.v)) check.errors.push(`#${id}: GlobalId ${globalId.v} also on #${seen.get(globalId.v)}`);
      seen.set(globalId.v, id);
    }
  }
  return check.errors;
}
