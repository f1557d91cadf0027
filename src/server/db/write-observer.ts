import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  UnknownRow,
} from 'kysely';

/** One insert, update or delete this process ran (an update names the columns it sets). */
export interface TableWrite {
  table: string;
  kind: 'insert' | 'update' | 'delete';
  columns: string[];
}

type Node = { kind: string; [key: string]: unknown };

function tableName(node: unknown): string | undefined {
  const n = node as Node | undefined;
  if (n?.kind === 'AliasNode') return tableName(n.node);
  if (n?.kind !== 'TableNode') return undefined;
  return (n.table as { identifier: { name: string } }).identifier.name;
}

function describe(node: Node): TableWrite | undefined {
  if (node.kind === 'InsertQueryNode') {
    const table = tableName(node.into);
    return table ? { table, kind: 'insert', columns: [] } : undefined;
  }
  if (node.kind === 'UpdateQueryNode') {
    const table = tableName(node.table);
    const updates = (node.updates ?? []) as Array<{ column: { column?: { name: string } } }>;
    const columns = updates.map((u) => u.column.column?.name ?? '');
    return table ? { table, kind: 'update', columns } : undefined;
  }
  if (node.kind === 'DeleteQueryNode') {
    const table = tableName((node.from as { froms: unknown[] }).froms[0]);
    return table ? { table, kind: 'delete', columns: [] } : undefined;
  }
  return undefined;
}

/**
 * Tells listeners, after it ran, about every insert, update and delete made through this Kysely instance
 * (prepared queries included: they are recognised by their query id). Raw `sql` is not seen.
 */
export class WriteObserver implements KyselyPlugin {
  readonly #listeners = new Set<(write: TableWrite) => void>();
  readonly #writes = new WeakMap<object, TableWrite>();

  on(listener: (write: TableWrite) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  transformQuery(args: PluginTransformQueryArgs): PluginTransformQueryArgs['node'] {
    const write = describe(args.node as unknown as Node);
    if (write) this.#writes.set(args.queryId, write);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const write = this.#writes.get(args.queryId);
    if (write) for (const listener of this.#listeners) listener(write);
    return args.result;
  }
}
