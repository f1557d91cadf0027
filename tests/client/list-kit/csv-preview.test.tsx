import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CsvButtons, CsvPreview, useCsvImport } from '../../../src/client/components/list-kit/index.ts';
import type { ImportOutcome } from '../../../src/client/components/list-kit/index.ts';
import { ApiError } from '../../../src/client/lib/http.ts';
import { renderScreen } from '../render.tsx';

afterEach(() => vi.restoreAllMocks());

const FORMAT = { columns: ['full_name', 'email', 'role'], required: 3 };
const HEADER = 'full_name,email,role';

function Kit({
  importCsv,
  onImported = () => {},
}: {
  importCsv: (text: string) => Promise<ImportOutcome>;
  onImported?: (result: ImportOutcome) => void;
}) {
  const csvImport = useCsvImport({ format: FORMAT, importCsv, onImported });
  return (
    <>
      <CsvButtons
        inputLabel="CSV file of pupils"
        fileName="pupils.csv"
        csvImport={csvImport}
        exportCsv={async () => ''}
      />
      <CsvPreview
        csvImport={csvImport}
        tableClassName="kit-table"
        tableWrapClassName="kit-table-wrap"
        actionsClassName="kit-toolbar"
      />
    </>
  );
}

function pick(text: string, name = 'pupils.csv') {
  const file = new File([text], name, { type: 'text/csv' });
  fireEvent.change(screen.getByLabelText('CSV file of pupils'), { target: { files: [file] } });
}

const preview = () => screen.findByRole('region', { name: 'Import preview' });

describe('the CSV import preview', () => {
  it('shows the file’s name, row count, header and first five rows, flags odd rows, and sends nothing', async () => {
    const importCsv = vi.fn<(text: string) => Promise<ImportOutcome>>();
    renderScreen(<Kit importCsv={importCsv} />);
    const rows = [
      '"Lee, Ann",ann@example.test,student',
      'Bo Ray,bo@example.test',
      '"Cy ""CJ"" Doe",cy@example.test,teacher',
      'Di,di@example.test,',
      'Ed,ed@example.test,',
      'Flo,flo@example.test,',
      'Gus,gus@example.test,student,extra',
    ];
    pick(`\uFEFF${HEADER}\r\n${rows.join('\r\n')}\r\n`);

    const region = await preview();
    expect(within(region).getByText('pupils.csv').tagName).toBe('STRONG');
    expect(region.textContent).toContain('pupils.csv holds 7 rows after the header. The first 5 are shown.');
    const table = within(region).getByRole('table', { name: 'First 5 rows of pupils.csv' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Row', 'full_name', 'email', 'role', 'Check']);
    const body = within(table).getAllByRole('row').slice(1);
    expect(body.map((r) => r.textContent)).toEqual([
      '2Lee, Annann@example.teststudent',
      '3Bo Raybo@example.test2 cells; the header has 3.',
      '4Cy "CJ" Doecy@example.testteacher',
      '5Didi@example.test',
      '6Eded@example.test',
    ]);
    expect(within(body[1]!).getByText('2 cells; the header has 3.').tagName).toBe('STRONG');
    expect(body[0]!.querySelector('strong')).toBeNull();
    // Row 8 is past the first five, and still named.
    expect(region.textContent).toContain('Rows 3, 8 do not have 3 cells like the header.');
    // Focus moves to the preview, so a screen reader reads it out.
    expect(document.activeElement).toBe(within(region).getByRole('heading', { name: 'Import preview' }));
    expect(within(region).getByRole('button', { name: 'Import 7 rows' })).toHaveProperty('disabled', false);
    expect(importCsv).not.toHaveBeenCalled();
  });

  it('names a single odd row, and cuts a long cell in the preview only', async () => {
    const report = { created: 2, rejected: [] };
    const importCsv = vi.fn<(text: string) => Promise<ImportOutcome>>().mockResolvedValue(report);
    renderScreen(<Kit importCsv={importCsv} />);
    const long = `Ann ${'x'.repeat(80)}`;
    const text = `${HEADER}\n${long},ann@example.test,\nBo Ray,bo@example.test\n`;
    pick(text);

    const region = await preview();
    expect(region.textContent).toContain(
      'Row 3 does not have 3 cells like the header. It is sent as it is; the import report says what could not be used.',
    );
    const cell = within(region).getByText(/^Ann x+…$/);
    expect(cell.textContent).toHaveLength(60);
    fireEvent.click(within(region).getByRole('button', { name: 'Import 2 rows' }));
    await waitFor(() => expect(importCsv.mock.calls).toEqual([[text]]));
  });

  it('sends the file as it is on "Import N rows", hands over the report, and gives focus back', async () => {
    const report = { created: 1, rejected: [] };
    const importCsv = vi.fn<(text: string) => Promise<ImportOutcome>>().mockResolvedValue(report);
    const onImported = vi.fn<(result: ImportOutcome) => void>();
    renderScreen(<Kit importCsv={importCsv} onImported={onImported} />);
    const text = `${HEADER}\nAnn Lee,ann@example.test,\n`;
    pick(text);
    fireEvent.click(within(await preview()).getByRole('button', { name: 'Import 1 row' }));

    await waitFor(() => expect(onImported).toHaveBeenCalledWith(report));
    expect(importCsv.mock.calls).toEqual([[text]]);
    expect(screen.queryByRole('region', { name: 'Import preview' })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Import CSV' })),
    );
  });

  it('says "Importing..." while the file is on its way, and cannot be sent twice', async () => {
    let answer: (r: ImportOutcome) => void = () => {};
    const importCsv = vi.fn(() => new Promise<ImportOutcome>((resolve) => (answer = resolve)));
    renderScreen(<Kit importCsv={importCsv} />);
    pick(`${HEADER}\nAnn Lee,ann@example.test,\nBo Ray,bo@example.test,\n`);
    const region = await preview();
    fireEvent.click(within(region).getByRole('button', { name: 'Import 2 rows' }));

    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Importing...' })).toHaveLength(2));
    for (const b of screen.getAllByRole('button', { name: 'Importing...' }))
      expect(b).toHaveProperty('disabled', true);
    expect(within(region).getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);
    expect(importCsv).toHaveBeenCalledTimes(1);
    answer({ created: 2, rejected: [] });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Import preview' })).toBeNull());
  });

  it('clears the file on Cancel without sending it; the same file can then be chosen again', async () => {
    const importCsv = vi.fn<(text: string) => Promise<ImportOutcome>>();
    renderScreen(<Kit importCsv={importCsv} />);
    pick(`${HEADER}\nAnn Lee,ann@example.test,\n`);
    fireEvent.click(within(await preview()).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('region', { name: 'Import preview' })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Import CSV' })),
    );
    expect((screen.getByLabelText('CSV file of pupils') as HTMLInputElement).value).toBe('');
    pick(`${HEADER}\nAnn Lee,ann@example.test,\n`);
    expect(await preview()).toBeTruthy();
    expect(importCsv).not.toHaveBeenCalled();
  });

  it('offers no import of a file the server would refuse as a whole', async () => {
    const importCsv = vi.fn<(text: string) => Promise<ImportOutcome>>();
    renderScreen(<Kit importCsv={importCsv} />);
    pick('name;mail\nAnn;ann@example.test\n', 'wrong.csv');
    const region = await preview();
    expect(
      within(region).getByText(
        'The first row must be the header: full_name,email,role Nothing can be imported.',
      ),
    ).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Import 1 row' })).toHaveProperty('disabled', true);

    pick(`${HEADER}\n`, 'header-only.csv');
    await waitFor(() => expect(screen.getByText('header-only.csv')).toBeTruthy());
    expect(screen.getByRole('region', { name: 'Import preview' }).textContent).toContain(
      'header-only.csv holds 0 rows after the header.',
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('button', { name: 'Import 0 rows' })).toHaveProperty('disabled', true);

    pick('', 'empty.csv');
    expect(await screen.findByText('The file is empty. Nothing can be imported.')).toBeTruthy();
    expect(importCsv).not.toHaveBeenCalled();
  });

  it('keeps the preview when the server refuses the file, and says why in a toast', async () => {
    const importCsv = vi
      .fn<(text: string) => Promise<ImportOutcome>>()
      .mockRejectedValue(
        new ApiError(422, 'At most 2000 users per file.', { csv: ['At most 2000 users per file.'] }),
      );
    renderScreen(<Kit importCsv={importCsv} />);
    pick(`${HEADER}\nAnn Lee,ann@example.test,\n`);
    fireEvent.click(within(await preview()).getByRole('button', { name: 'Import 1 row' }));

    expect(await screen.findByText('At most 2000 users per file.')).toBeTruthy();
    expect(screen.getByText('Nothing was imported')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import 1 row' })).toHaveProperty('disabled', false);
  });
});
