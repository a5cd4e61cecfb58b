// A day typed or picked the way India writes it: "31 Mar 2026", with a month calendar in the same order (day, month,
// year). The browser's own date input shows the browser's locale (mm/dd/yyyy on an English-US Chromium), so the
// console draws its own. The value handed back is the API's ISO day ("2026-03-31"), or '' when empty.
import {
  ActionIcon,
  Group,
  Popover,
  SimpleGrid,
  Text,
  TextInput,
  UnstyledButton,
  type TextInputProps,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { MONTHS, dayShort, parseDay } from '../../../src/contract/dates-in-words';
import { todayInIndia } from '../../../src/contract/today';

const WEEKDAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];
const pad = (n: number) => String(n).padStart(2, '0');

function CalendarIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M16 3v4M8 3v4M3 10h18" />
    </svg>
  );
}

/** One month's days, Monday first, for the picker. */
function MonthGrid({
  month,
  selected,
  min,
  max,
  onPick,
}: {
  month: string;
  selected: string;
  min?: string;
  max?: string;
  onPick: (iso: string) => void;
}) {
  const [y, m] = month.split('-').map(Number);
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const lead = (new Date(Date.UTC(y, m - 1, 1)).getUTCDay() + 6) % 7;
  return (
    <SimpleGrid cols={7} spacing={2} verticalSpacing={2}>
      {WEEKDAYS.map((w) => (
        <Text key={w} size="xs" c="gray.7" ta="center">
          {w}
        </Text>
      ))}
      {Array.from({ length: lead }, (_, i) => (
        <span key={`lead-${i}`} />
      ))}
      {Array.from({ length: days }, (_, i) => {
        const iso = `${y}-${pad(m)}-${pad(i + 1)}`;
        const outside = (min && iso < min) || (max && iso > max);
        return (
          <UnstyledButton
            key={iso}
            aria-label={dayShort(iso)}
            aria-pressed={iso === selected}
            disabled={!!outside}
            onClick={() => onPick(iso)}
            style={{
              textAlign: 'center',
              borderRadius: 4,
              padding: '4px 0',
              fontSize: 13,
              opacity: outside ? 0.35 : 1,
              background: iso === selected ? 'var(--mantine-color-blue-filled)' : undefined,
              color: iso === selected ? 'white' : undefined,
            }}
          >
            {i + 1}
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}

export type DateTextProps = Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'min' | 'max'> & {
  value: string | null | undefined;
  onChange: (iso: string) => void;
  min?: string;
  max?: string;
};

/** A controlled day field; a text that is not a day hands back what was typed, and says so beside the field. */
export function DateText({ value, onChange, min, max, error, onBlur, readOnly, disabled, ...input }: DateTextProps) {
  const iso = value ?? '';
  const [text, setText] = useState(() => (parseDay(iso) ? dayShort(iso) : iso));
  const [focused, setFocused] = useState(false);
  const [open, setOpen] = useState(false);
  const [month, setMonth] = useState(() => (parseDay(iso) ?? todayInIndia()).slice(0, 7));
  useEffect(() => {
    if (!focused) setText(parseDay(iso) ? dayShort(iso) : iso);
  }, [iso, focused]);
  const typedWrong = text.trim() !== '' && !parseDay(text);
  const step = (by: number) => {
    const [y, m] = month.split('-').map(Number);
    const d = new Date(Date.UTC(y, m - 1 + by, 1));
    setMonth(`${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`);
  };
  const [my, mm] = month.split('-').map(Number);
  return (
    <TextInput
      {...input}
      readOnly={readOnly}
      disabled={disabled}
      value={text}
      placeholder={input.placeholder ?? 'e.g. 31 Mar 2026'}
      autoComplete="off"
      error={!focused && typedWrong ? 'Enter a day such as 31 Mar 2026' : error}
      onFocus={() => setFocused(true)}
      onChange={(e) => {
        const t = e.currentTarget.value;
        setText(t);
        const parsed = parseDay(t);
        onChange(t.trim() === '' ? '' : (parsed ?? t));
      }}
      onBlur={(e) => {
        setFocused(false);
        const parsed = parseDay(text);
        if (parsed) setText(dayShort(parsed));
        onBlur?.(e);
      }}
      rightSection={
        readOnly || disabled ? undefined : (
          <Popover
            opened={open}
            onChange={setOpen}
            position="bottom-end"
            withinPortal
            trapFocus
            transitionProps={{ duration: 0 }}
          >
            <Popover.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label="Open the calendar"
                onClick={() => {
                  setMonth((parseDay(text) ?? todayInIndia()).slice(0, 7));
                  setOpen((o) => !o);
                }}
              >
                <CalendarIcon />
              </ActionIcon>
            </Popover.Target>
            <Popover.Dropdown w={260}>
              <Group justify="space-between" mb={6}>
                <ActionIcon variant="subtle" color="gray" aria-label="Previous month" onClick={() => step(-1)}>
                  ‹
                </ActionIcon>
                <Text size="sm" fw={600} aria-live="polite">
                  {MONTHS[mm - 1]} {my}
                </Text>
                <ActionIcon variant="subtle" color="gray" aria-label="Next month" onClick={() => step(1)}>
                  ›
                </ActionIcon>
              </Group>
              <MonthGrid
                month={month}
                selected={parseDay(text) ?? ''}
                min={min}
                max={max}
                onPick={(picked) => {
                  setText(dayShort(picked));
                  onChange(picked);
                  setOpen(false);
                }}
              />
            </Popover.Dropdown>
          </Popover>
        )
      }
    />
  );
}

/** A day of a react-hook-form form: an emptied field is no value (undefined). */
export function DateField<T extends FieldValues>({
  control,
  name,
  onValue,
  ...input
}: { control: Control<T>; name: Path<T>; onValue?: () => void } & Omit<DateTextProps, 'value' | 'onChange' | 'name'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <DateText
          {...input}
          name={name}
          value={(field.value as string | undefined) ?? ''}
          onChange={(v) => {
            field.onChange(v === '' ? undefined : v);
            onValue?.();
          }}
          onBlur={() => field.onBlur()}
        />
      )}
    />
  );
}
