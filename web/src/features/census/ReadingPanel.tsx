import { useState } from 'react';
import {
  CENSUS_DELIMITERS,
  CENSUS_DELIMITER_LABELS,
  CENSUS_ENCODINGS,
  CENSUS_ENCODING_LABELS,
  CENSUS_FIELD_LABELS,
  differenceText,
  type CensusField,
} from '@onboard/domain/census';
import { Alert } from '../../ui/Feedback.tsx';
import { formatDate } from '../tasks/format.ts';
import { useCensusWrites, type CensusResult, type ReadCensusAsBody } from './api.ts';

type Document = CensusResult['document'];

const messageOf = (caught: unknown) =>
  caught instanceof Error && caught.message ? caught.message : 'Something went wrong. Please try again.';

/**
 * How the file was read, as detected on upload: a CSV's encoding and delimiter, a workbook's sheet, the
 * row its header was found on. Changing one reads the stored file again; the columns are matched anew.
 */
export function ReadingPanel({
  clientId,
  policyId,
  document,
}: {
  clientId: string;
  policyId: string;
  document: Document;
}) {
  const writes = useCensusWrites(clientId, policyId);
  const [error, setError] = useState<string | null>(null);
  const [isReading, setReading] = useState(false);
  const { reading } = document;
  const readAs = async (body: ReadCensusAsBody) => {
    setReading(true);
    setError(null);
    try {
      await writes.readAs(document.documentId, body);
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setReading(false);
    }
  };
  const titleRows = reading.headerRow - 1;
  return (
    <section className="census__reading" aria-labelledby="census-reading-title" data-testid="census-reading">
      <h3 id="census-reading-title" className="census__reading-title">
        How the file was read
      </h3>
      <div className="census__reading-fields">
        {reading.format === 'CSV' && reading.encoding && (
          <label className="census__reading-field">
            <span className="field__label">Text encoding</span>
            <select
              className="field__input"
              value={reading.encoding}
              disabled={isReading}
              onChange={(e) => void readAs({ encoding: e.target.value as (typeof CENSUS_ENCODINGS)[number] })}
            >
              {CENSUS_ENCODINGS.map((encoding) => (
                <option key={encoding} value={encoding}>
                  {CENSUS_ENCODING_LABELS[encoding]}
                  {encoding === reading.detectedEncoding ? ' — detected' : ''}
                </option>
              ))}
            </select>
          </label>
        )}
        {reading.format === 'CSV' && reading.delimiter && (
          <label className="census__reading-field">
            <span className="field__label">Columns separated by</span>
            <select
              className="field__input"
              value={reading.delimiter}
              disabled={isReading}
              onChange={(e) =>
                void readAs({ delimiter: e.target.value as (typeof CENSUS_DELIMITERS)[number] })
              }
            >
              {CENSUS_DELIMITERS.map((delimiter) => (
                <option key={delimiter} value={delimiter}>
                  {CENSUS_DELIMITER_LABELS[delimiter]}
                </option>
              ))}
            </select>
          </label>
        )}
        {reading.format === 'XLSX' && reading.sheets.length > 1 && (
          <label className="census__reading-field">
            <span className="field__label">Sheet</span>
            <select
              className="field__input"
              value={reading.sheet ?? reading.sheets[0]}
              disabled={isReading}
              onChange={(e) => void readAs({ sheet: e.target.value })}
            >
              {reading.sheets.map((sheet) => (
                <option key={sheet} value={sheet}>
                  {sheet}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <p className="muted" data-testid="census-header-row">
        {reading.format === 'XLSX' && reading.sheet ? `In the sheet “${reading.sheet}”, t` : 'T'}
        {titleRows > 0
          ? `he header is row ${reading.headerRow}; the ${titleRows === 1 ? 'title row' : `${titleRows} title rows`} above it ${titleRows === 1 ? 'is' : 'are'} left out.`
          : 'he header is the first row.'}
        {reading.format === 'CSV' ? ' Names look wrong (Jos� for José)? Choose another encoding.' : ''}
      </p>
      {isReading && (
        <p role="status" className="muted">
          Reading the file again…
        </p>
      )}
      {error && <Alert tone="error">{error}</Alert>}
      {document.remembered && (
        <Alert tone="info" testId="census-remembered">
          Columns matched as confirmed for {document.remembered.fileName} on{' '}
          {formatDate(document.remembered.confirmedAt)}
          {document.remembered.scope === 'PLATFORM' && document.remembered.platform
            ? `, another client’s census from ${document.remembered.platform}`
            : ''}
          .
          {document.remembered.differences.length === 0 ? (
            ' This file has the same columns.'
          ) : (
            <>
              {' '}
              What differs:
              <ul className="census__differences">
                {document.remembered.differences.map((difference, i) => (
                  <li key={i}>{differenceText(difference)}</li>
                ))}
              </ul>
            </>
          )}
        </Alert>
      )}
    </section>
  );
}

/** How a field's column was matched, in words, with the confidence of a resemblance. */
export function matchWords(document: Document, field: CensusField, column: number | undefined): string {
  const match = document.matches[field];
  if (column === undefined) return '—';
  if (!match || column !== document.mapping[field]) return 'Your choice';
  switch (match.how) {
    case 'EXACT':
      return 'Same name';
    case 'SYNONYM':
      return `Another name for ${CENSUS_FIELD_LABELS[field]}`;
    case 'FUZZY':
      return `Close match, ${Math.round(match.confidence * 100)}% sure`;
    case 'REMEMBERED':
      return 'As confirmed last time';
  }
}
