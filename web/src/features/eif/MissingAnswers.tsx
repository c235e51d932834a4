import { TitledSection } from '../../ui/TitledSection.tsx';
import { Link } from '../../ui/controls.ts';
import type { MissingAnswer } from '@onboard/domain/web';

type Group = { subStepId: string; title: string; href: string; items: MissingAnswer[] };

function groupBySubStep(missing: readonly MissingAnswer[], hrefOf: (m: MissingAnswer) => string): Group[] {
  const groups = new Map<string, Group>();
  for (const item of missing) {
    const group = groups.get(item.subStepId) ?? {
      subStepId: item.subStepId,
      title: item.subStepTitle,
      href: hrefOf(item),
      items: [],
    };
    group.items.push(item);
    groups.set(item.subStepId, group);
  }
  return [...groups.values()];
}

/**
 * What is still to answer before the form can be signed (domain forms/missing.ts), grouped by sub-step:
 * each sub-step's title links to where it is answered, each question reads as its label.
 */
export function MissingAnswersList({
  missing,
  hrefOf,
  intro,
  isInPage = false,
}: {
  missing: readonly MissingAnswer[];
  hrefOf: (missing: MissingAnswer) => string;
  intro: string;
  /** The links point into this page (the outside signer's summary), not to the forms. */
  isInPage?: boolean;
}) {
  if (missing.length === 0) return null;
  const groups = groupBySubStep(missing, hrefOf);
  return (
    <TitledSection
      id="missing-title"
      title={<>Still to answer before signing ({missing.length})</>}
      level={3}
      className="alert alert--warning missing-answers"
      titleClassName="missing-answers__title"
      testId="missing-answers"
    >
      <p>{intro}</p>
      <ul className="missing-answers__groups">
        {groups.map((group) => (
          <li key={group.subStepId} data-testid="missing-sub-step">
            {isInPage ? (
              <a href={group.href} className="text-link missing-answers__link">
                {group.title}
              </a>
            ) : (
              <Link href={group.href} className="text-link missing-answers__link">
                {group.title}
              </Link>
            )}
            <ul className="missing-answers__items">
              {group.items.map((item, i) => (
                <li
                  key={`${item.entityId ?? ''}-${item.attributeKey ?? ''}-${i}`}
                  data-testid="missing-answer"
                >
                  {item.label}
                  {item.subject ? <span className="muted"> · {item.subject}</span> : null}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
