import { t, tCount } from '#extension/i18n.ts';
import type { CsvList } from './bulk-list.ts';

/** Lines listed at most: enough to find what moved the cells in the file; the rest are counted. */
const LISTED_LINES = 100;

/** The rows whose address is not in the address column: not looked up, and listed by line to be put right. */
export function MisplacedRows({ list }: { list: CsvList }) {
  const { misplaced } = list;
  if (misplaced.length === 0) return null;
  const listed = misplaced.slice(0, LISTED_LINES);
  return (
    <div className="error" data-testid="bulk-misplaced" data-count={misplaced.length}>
      <p>{tCount('bulkMisplaced', misplaced.length, list.header[list.column] ?? '')}</p>
      <ul>
        {listed.map(({ line, address }) => (
          <li key={line} data-line={line}>
            {t('bulkMisplacedLine', line, address)}
          </li>
        ))}
      </ul>
      {misplaced.length > listed.length && (
        <p>{tCount('bulkMisplacedNotListed', misplaced.length - listed.length)}</p>
      )}
    </div>
  );
}
