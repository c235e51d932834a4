import { NativeSelect } from '../../ui/NativeSelect.tsx';
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
import { useAction } from '../../api/action.ts';
import {
  censusErrorMessage,
  useCensusWrites,
  type CensusPolicy,
  type CensusResult,
  type ReadCensusAsBody,
} from './api.ts';

type Document = CensusResult['document'];

/**
 * How the file was read, as detected on upload: a CSV's encoding and delimiter, a workbook's sheet, the
 * row its header was found on. Changing one reads the stored file again; the columns are matched anew.
 */
export function ReadingPanel({ clientId, policyId, document }: CensusPolicy & { document: Document }) {
  const writes = useCensusWrites(clientId, policyId);
  const readAgain = useAction((body: ReadCensusAsBody) => writes.readAs(document.documentId, body), {
    describe: censusErrorMessage,
  });
  const { reading } = document;
  const readAs = (body: ReadCensusAsBody) => void readAgain.run(body);
  return (
    <section className="census__reading" aria-labelledby="census-reading-title" data-testid="census-reading">
      <h3 id="census-reading-title" className="census__reading-title">
        How the file was read
      </h3>
      <div className="census__reading-fields">
        {reading.format === 'CSV' && reading.encoding && (
          <ReadingChoice
            label="Text encoding"
            value={reading.encoding}
            options={CENSUS_ENCODINGS}
            optionLabel={(encoding) =>
              `${CENSUS_ENCODING_LABELS[encoding]}${encoding === reading.detectedEncoding ? ' — detected' : ''}`
            }
            isDisabled={readAgain.isPending}
            onChange={(encoding) => readAs({ encoding })}
          />
        )}
        {reading.format === 'CSV' && reading.delimiter && (
          <ReadingChoice
            label="Columns separated by"
            value={reading.delimiter}
            options={CENSUS_DELIMITERS}
            optionLabel={(delimiter) => CENSUS_DELIMITER_LABELS[delimiter]}
            isDisabled={readAgain.isPending}
            onChange={(delimiter) => readAs({ delimiter })}
          />
        )}
        {reading.format === 'XLSX' && reading.sheets.length > 1 && (
          <ReadingChoice
            label="Sheet"
            value={reading.sheet ?? reading.sheets[0]!}
            options={reading.sheets}
            optionLabel={(sheet) => sheet}
            isDisabled={readAgain.isPending}
            onChange={(sheet) => readAs({ sheet })}
          />
        )}
      </div>
      <p className="muted" data-testid="census-header-row">
        {headerRowWords(reading)}
      </p>
      {readAgain.isPending && (
        <p role="status" className="muted">
          Reading the file again…
        </p>
      )}
      {readAgain.error && <Alert tone="error">{readAgain.error}</Alert>}
      {document.remembered && <Remembered remembered={document.remembered} />}
    </section>
  );
}

/** One way of reading the file (an encoding, a delimiter, a sheet): choosing another reads it again. */
function ReadingChoice<Value extends string>({
  label,
  value,
  options,
  optionLabel,
  isDisabled,
  onChange,
}: {
  label: string;
  value: Value;
  options: readonly Value[];
  optionLabel: (value: Value) => string;
  isDisabled: boolean;
  onChange: (value: Value) => void;
}) {
  return (
    <NativeSelect
      className="census__reading-field"
      label={label}
      value={value}
      options={options.map((option) => ({ value: option, label: optionLabel(option) }))}
      isDisabled={isDisabled}
      onChange={(chosen) => onChange(chosen as Value)}
    />
  );
}

/** Where the header was found, and what to do when names look wrong. */
function headerRowWords(reading: Document['reading']): string {
  const titleRows = reading.headerRow - 1;
  const start = reading.format === 'XLSX' && reading.sheet ? `In the sheet “${reading.sheet}”, t` : 'T';
  const header =
    titleRows > 0
      ? `he header is row ${reading.headerRow}; the ${titleRows === 1 ? 'title row' : `${titleRows} title rows`} above it ${titleRows === 1 ? 'is' : 'are'} left out.`
      : 'he header is the first row.';
  const encoding =
    reading.format === 'CSV' ? ' Names look wrong (Jos� for José)? Choose another encoding.' : '';
  return `${start}${header}${encoding}`;
}

/** The columns were matched as confirmed for an earlier file: which, and what differs. */
function Remembered({ remembered }: { remembered: NonNullable<Document['remembered']> }) {
  return (
    <Alert tone="info" testId="census-remembered">
      Columns matched as confirmed for {remembered.fileName} on {formatDate(remembered.confirmedAt)}
      {remembered.scope === 'PLATFORM' && remembered.platform
        ? `, another client’s census from ${remembered.platform}`
        : ''}
      .
      {remembered.differences.length === 0 ? (
        ' This file has the same columns.'
      ) : (
        <>
          {' '}
          What differs:
          <ul className="census__differences">
            {remembered.differences.map((difference, i) => (
              <li key={i}>{differenceText(difference)}</li>
            ))}
          </ul>
        </>
      )}
    </Alert>
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
