import { useEffect, useState } from 'react';
import { Button, Heading } from '../../ui/controls.ts';
import {
  COVERAGE_LEVELS,
  MAINTENANCE_REASONS,
  MAINTENANCE_TYPES,
  maintenanceText,
  parseMaintenanceText,
  parsePlansText,
  plansText,
  profileProblems,
  type CompanionGuideProfile,
} from '@onboard/domain/data-feed';
import { ApiError } from '../../api/errors.ts';
import { Alert, ErrorPanel, PageSkeleton } from '../../ui/Feedback.tsx';
import { TextInput } from '../../ui/TextInput.tsx';
import { bindFields } from '../../ui/field-binding.ts';
import { messageOf } from '../clients/lifecycle-model.ts';
import { formatDate } from '../tasks/format.ts';
import { useCompanionGuide, useCompanionGuideWrites } from './api.ts';
import './data-feed.css';

type Draft = { name: string; receiverId: string; classCategory: string; maintenance: string; plans: string };

const draftOf = (profile: CompanionGuideProfile): Draft => ({
  name: profile.name,
  receiverId: profile.receiverId,
  classCategory: profile.classCategory,
  maintenance: maintenanceText(profile),
  plans: plansText(profile),
});
const profileOf = (draft: Draft): CompanionGuideProfile => ({
  name: draft.name.trim(),
  receiverId: draft.receiverId.trim(),
  classCategory: draft.classCategory.trim(),
  maintenance: parseMaintenanceText(draft.maintenance),
  plans: parsePlansText(draft.plans),
});

/** The problems of a list field, each with the line it is on ('Line 2: ...'). */
function listErrors(problems: Record<string, string>, list: 'maintenance' | 'plans') {
  const lines = Object.entries(problems)
    .filter(([key]) => key === list || key.startsWith(`${list}.`))
    .map(([key, message]) => {
      const index = /^\w+\.(\d+)\./.exec(key)?.[1];
      return index === undefined ? message : `Line ${Number(index) + 1}: ${message}`;
    });
  return lines.length > 0 ? lines.join('. ') : undefined;
}

const codes = (table: Record<string, string>) =>
  Object.entries(table)
    .map(([code, words]) => `${code} ${words}`)
    .join(', ');

/**
 * Staff edit the carrier's companion-guide profile: who receives the 834s, where the class is carried,
 * which maintenance types and reasons are allowed, and which plan codes stand for which benefit. Every
 * test file is checked against it and the census 834 is written in it; the default ships until saved.
 */
export function CompanionGuidePage() {
  const guide = useCompanionGuide();
  const writes = useCompanionGuideWrites();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [isSaving, setSaving] = useState(false);
  useEffect(() => {
    if (guide.data && draft === null) setDraft(draftOf(guide.data.profile));
  }, [guide.data, draft]);

  if (guide.error) return <ErrorPanel error={guide.error} />;
  if (!guide.data || !draft) return <PageSkeleton />;
  const set = (key: keyof Draft) => (value: string) => setDraft({ ...draft, [key]: value });
  const bind = bindFields(draft, problems, (key, value) => set(key)(value));
  /** A list field (one entry a line): its text, its change and the problems of its lines. */
  const bindList = (list: 'maintenance' | 'plans') => ({
    value: draft[list],
    onChange: set(list),
    error: listErrors(problems, list),
    isMultiline: true,
  });

  const onSave = async () => {
    const profile = profileOf(draft);
    const found = profileProblems(profile);
    setProblems(found);
    setMessage(null);
    if (Object.keys(found).length > 0) {
      setMessage({ tone: 'error', text: 'Correct the fields marked below, then save again.' });
      return;
    }
    setSaving(true);
    try {
      const saved = await writes.save(profile);
      setDraft(draftOf(saved.profile));
      setMessage({
        tone: 'success',
        text: 'The companion guide is saved: the next test files are checked against it.',
      });
    } catch (caught) {
      if (caught instanceof ApiError) setProblems(caught.fieldErrors);
      setMessage({ tone: 'error', text: messageOf(caught) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="page companion-guide" aria-labelledby="companion-guide-title">
      <Heading level={1} id="companion-guide-title">
        834 companion guide
      </Heading>
      <p>
        Every test 834 a client sends is checked against this profile, and the census is written as an 834 in
        it.{' '}
        {guide.data.isDefault
          ? 'This is the default profile shipped with Onboard; saving it makes it yours.'
          : `Saved ${formatDate(guide.data.changedAt ?? '')}.`}
      </p>
      <div className="companion-guide__form">
        <TextInput label="Profile name" {...bind.text('name')} isRequired />
        <TextInput
          label="Receiver id (ISA08, GS03)"
          {...bind.text('receiverId')}
          description="The carrier's id the files are sent to: 1 to 15 letters, digits or spaces."
          isRequired
        />
        <TextInput
          label="Class reporting category (loop 2750, N1*75)"
          {...bind.text('classCategory')}
          description="The reporting category whose REF carries the employee's class, such as EMPLOYEE CLASS."
          isRequired
        />
        <TextInput
          label="Maintenance types and reasons allowed"
          {...bindList('maintenance')}
          description={`One type a line with its reasons: '021: 28, EC, AI'. Types: ${codes(MAINTENANCE_TYPES)}. Reasons: ${codes(MAINTENANCE_REASONS)}.`}
        />
        <TextInput
          label="Plan codes"
          {...bindList('plans')}
          description={`One a line: the insurance line (HD03), then the plan code (HD04) when the line is shared, '=' and the plan's benefit type: 'DEN = DENTAL', 'AH LIFE = LIFE'. Coverage levels read: ${codes(COVERAGE_LEVELS)}.`}
        />
        {message && <Alert tone={message.tone}>{message.text}</Alert>}
        <div className="button-row">
          <Button className="button button--primary" isDisabled={isSaving} onPress={() => void onSave()}>
            Save the companion guide
          </Button>
        </div>
      </div>
    </section>
  );
}
