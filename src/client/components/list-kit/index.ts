// The list-screen kit: what every paged, searchable, sortable list draws. It knows no feature: columns, rows,
// API calls and CSV texts come in as props.
export { CsvButtons, ImportReport, saveCsv, saveTextFile } from './csv.tsx';
export { CsvPreview } from './csv-preview.tsx';
export { previewCsv } from './csv-check.ts';
export type { CsvContents, CsvFormat } from './csv-check.ts';
export { readText, useCsvImport } from './use-csv-import.ts';
export type { CsvImport, ImportOutcome } from './use-csv-import.ts';
export { DataTable } from './data-table.tsx';
export type { Column, TableSort } from './data-table.tsx';
export { ListBody, LoadError } from './list-body.tsx';
export { pageCount, Pager, StepPager } from './pager.tsx';
export { SearchForm } from './search-form.tsx';
export { listQuery, pageOf } from './url-query.ts';
export { useAddressList } from './use-address-list.ts';
export { useDebounced } from './use-debounced.ts';
export { PagedList, StepPagedList, useListSearch } from './paged-list.tsx';
export type { ListPage, StepPage } from './paged-list.tsx';
export { SearchedList } from './searched-list.tsx';
