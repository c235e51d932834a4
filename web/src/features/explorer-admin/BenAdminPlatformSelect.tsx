import { SelectInput } from '../../ui/SelectInput.tsx';
import { useAllBenAdminPlatforms } from '../ben-admin-platforms/api.ts';

const NONE = '__none__';

/**
 * The site's benefits-administration platform, chosen by name from the staff catalogue
 * (/ben-admin-platforms/admin); the site keeps the platform's id. A retired platform the site already
 * names stays shown by its name, and an id the catalogue does not know is shown as it is, so opening and
 * saving a site never loses it.
 */
export function BenAdminPlatformSelect({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  const { data } = useAllBenAdminPlatforms();
  const platforms = data ?? [];
  const offered = platforms.filter((p) => p.active || p.platformId === value);
  const options = [
    { value: NONE, label: 'None' },
    ...offered.map((p) => ({ value: p.platformId, label: p.active ? p.name : `${p.name} (retired)` })),
    ...(value !== '' && data && !offered.some((p) => p.platformId === value)
      ? [{ value, label: `Unknown platform (${value})` }]
      : []),
  ];
  return (
    <SelectInput
      label="Benefits administration platform"
      fieldKey="benAdminPlatformId"
      value={value === '' ? NONE : value}
      options={options}
      onChange={(chosen) => onChange(chosen === NONE ? '' : chosen)}
      error={error}
      description="From the platform catalogue staff keep under Platforms."
    />
  );
}
