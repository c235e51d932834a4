import { isDependantRow, seenValue } from '@onboard/domain/census';
import type { RouteHandler } from '@onboard/api-contract/express';
import type { correctCensusCell } from './routes.contract.ts';
import type { Census } from './context.ts';

/** One cell corrected where the census is read. */
export const correctCell =
  (census: Census): RouteHandler<typeof correctCensusCell> =>
  async (req, res, input) => {
    const { row, field, seen, value } = input.body();
    // A cell corrected without revealing it was seen masked: the mask stands for what the cell holds.
    res.json(
      await census.correct(
        req,
        (document) => {
          const cells = document.rows.get(row)?.cells;
          const dependant = isDependantRow(cells?.relationship);
          return [{ row, field, seen: seenValue(field, seen, cells?.[field] ?? '', dependant), value }];
        },
        null,
      ),
    );
  };
