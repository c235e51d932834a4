import { Switch } from 'react-aria-components';

/** An on/off switch named by its label, with 'On' or 'Off' shown beside it. */
export function SwitchInput({
  label,
  isSelected,
  isDisabled,
  onChange,
}: {
  label: string;
  isSelected: boolean;
  isDisabled?: boolean;
  onChange: (isSelected: boolean) => void;
}) {
  return (
    <Switch className="switch" isSelected={isSelected} isDisabled={isDisabled} onChange={onChange}>
      <span className="switch__track" aria-hidden="true">
        <span className="switch__thumb" />
      </span>
      <span className="switch__label">{label}</span>
      <span className="switch__state" aria-hidden="true" data-state={isSelected ? 'on' : 'off'}>
        {isSelected ? 'On' : 'Off'}
      </span>
    </Switch>
  );
}
