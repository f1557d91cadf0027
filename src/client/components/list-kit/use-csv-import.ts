import { useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { ApiError, errorMessage } from '../../lib/http.ts';
import { showToast } from '../toast.tsx';
import { previewCsv } from './csv-check.ts';
import type { CsvContents, CsvFormat } from './csv-check.ts';

/** What an import answers: how many rows were created and each rejected row with its reasons. */
export interface ImportOutcome {
  created: number;
  rejected: ReadonlyArray<{ row: number; errors: readonly string[] }>;
}

// FileReader rather than Blob.text(): every browser and jsdom (the unit tests) have it.
export function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(file);
  });
}

/** A chosen file, read and previewed, waiting for "Import N rows" or "Cancel". */
export interface ChosenCsv {
  name: string;
  text: string;
  preview: CsvContents;
}

/** The state an import shares between its buttons (in the toolbar) and its preview (under the header). */
export interface CsvImport {
  chosen: ChosenCsv | null;
  importing: boolean;
  /** Reads the file and shows its preview; nothing is sent yet. */
  choose: (file: File) => Promise<void>;
  /** Sends the chosen file as it is (the server checks every row) and hands its report to the screen. */
  confirm: () => Promise<void>;
  /** Drops the chosen file. */
  cancel: () => void;
  /** The "Import CSV" button, where focus goes back once the preview is gone. */
  buttonRef: RefObject<HTMLButtonElement | null>;
}

const refusal = (error: unknown) => {
  const messages = error instanceof ApiError && error.errors ? Object.values(error.errors).flat() : [];
  showToast({
    title: 'Nothing was imported',
    message: messages.length ? messages.join(' ') : errorMessage(error),
    type: 'error',
  });
};

/**
 * A CSV import in two steps: choosing a file only previews it; "Import N rows" sends it. The feature passes its
 * format (columns from its contract) and API call; a refused file (the whole import is checked first) becomes a
 * toast with the reasons, and its preview stays, so the import can be tried again.
 */
export function useCsvImport<R extends ImportOutcome>({
  format,
  importCsv,
  onImported,
}: {
  format: CsvFormat;
  importCsv: (text: string) => Promise<R>;
  onImported: (result: R) => void;
}): CsvImport {
  const [chosen, setChosen] = useState<ChosenCsv | null>(null);
  const [importing, setImporting] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Once the preview is gone and the button enabled again, keyboard users carry on from "Import CSV".
  const focusBack = useRef(false);
  useEffect(() => {
    if (!focusBack.current || chosen || importing) return;
    focusBack.current = false;
    buttonRef.current?.focus();
  }, [chosen, importing]);
  const backToButton = () => {
    focusBack.current = true;
  };

  const choose = async (file: File) => {
    try {
      const text = await readText(file);
      setChosen({ name: file.name, text, preview: previewCsv(text, format) });
    } catch (error) {
      refusal(error);
    }
  };

  const confirm = async () => {
    if (!chosen || importing) return;
    setImporting(true);
    try {
      const result = await importCsv(chosen.text);
      setChosen(null);
      onImported(result);
      backToButton();
    } catch (error) {
      refusal(error);
    } finally {
      setImporting(false);
    }
  };

  const cancel = () => {
    setChosen(null);
    backToButton();
  };

  return { chosen, importing, choose, confirm, cancel, buttonRef };
}
