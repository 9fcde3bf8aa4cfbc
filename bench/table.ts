export interface BenchRow {
  name: string;
  value: string;
  detail: string;
  /** The budget and how far the figure is from it, or '' where none applies. */
  budget: string;
}

/** Prints rows as one aligned table. */
export function printTable(title: string, rows: readonly BenchRow[]): void {
  const headers: BenchRow = { name: 'benchmark', value: 'figure', detail: 'detail', budget: 'budget' };
  const all = [headers, ...rows];
  const width = (key: keyof BenchRow) => Math.max(...all.map((row) => row[key].length));
  const line = (row: BenchRow) =>
    [
      row.name.padEnd(width('name')),
      row.value.padStart(width('value')),
      row.detail.padEnd(width('detail')),
      row.budget,
    ]
      .join('  ')
      .trimEnd();
  console.log(`\n${title}\n`);
  console.log(line(headers));
  console.log('-'.repeat(line(headers).length + 20));
  for (const row of rows) console.log(line(row));
}

/**
 * Measures and prints one table; a table that cannot be measured says why, and the tables after it still
 * print. Returns whether it printed.
 */
export async function printMeasured(
  title: string,
  measure: () => readonly BenchRow[] | Promise<readonly BenchRow[]>,
): Promise<boolean> {
  try {
    printTable(title, await measure());
    return true;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.log(`\n${title}\n\nNot measured: ${reason.split('\n')[0]}`);
    return false;
  }
}
