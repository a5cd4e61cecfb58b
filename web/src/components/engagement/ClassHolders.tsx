// IBC: who holds each asset class of the set, chosen among the members registered with IBBI for it, and the
// coordinating valuer among them (docs/statutes.md, IBC: the set of valuers). Shared by the New engagement form and
// the engagement's set of valuers; what each class adds below its holder (the verification) is the caller's.
import { useState, type ReactNode } from 'react';
import { NativeSelect, Stack, Text } from '@mantine/core';
import { sentence } from '../../../../src/contract/sentences';
import type { Schemas } from '../../api/client';
import { IBC_CLASS_LABELS, IBC_CLASS_ORDER } from '../../../../src/contract/ibc-valuer-set';

type Member = Schemas['TeamMember'];
export type AssetClass = (typeof IBC_CLASS_ORDER)[number];
export { IBC_CLASS_LABELS, IBC_CLASS_ORDER };

export const registrationFor = (m: Member, c: AssetClass) =>
  (m.ibbiRegistrations ?? []).find((r) => r.assetClass === c);

/** The classes held, in the order the body lists them: the service's errors name a class by its index here. */
export const heldClasses = (holders: Record<AssetClass, string>): AssetClass[] =>
  IBC_CLASS_ORDER.filter((c) => holders[c] !== '');

/** The service's message for a class's field (e.g. memberId), found by the class's index in the body. */
export function classErrorOf(errors: Record<string, string>, holders: Record<AssetClass, string>) {
  return (c: AssetClass, field: string): string | undefined => {
    const i = heldClasses(holders).indexOf(c);
    return i < 0 ? undefined : errors[`valuerSet.classes.${i}.${field}`];
  };
}

export function ClassHolders({
  members,
  holders,
  onHolder,
  coordinating,
  onCoordinating,
  errorFor,
  coordinatingError,
  disabled = false,
  below,
  liquidation = false,
}: {
  members: readonly Member[];
  holders: Record<AssetClass, string>;
  onHolder: (c: AssetClass, memberId: string) => void;
  coordinating: string;
  onCoordinating: (memberId: string) => void;
  errorFor: (c: AssetClass, field: string) => string | undefined;
  coordinatingError?: string;
  disabled?: boolean;
  below?: (c: AssetClass) => ReactNode;
  /** Liquidation: the liquidator appoints valuers, not a set, and none coordinates (Liquidation Reg 35(2)). */
  liquidation?: boolean;
}) {
  const nameOf = (id: string) => members.find((m) => m.id === id)?.name ?? 'a member';
  const chosen = [...new Set(heldClasses(holders).map((c) => holders[c]))];
  return (
    <>
      {IBC_CLASS_ORDER.map((c) => {
        const label = IBC_CLASS_LABELS[c];
        const registered = members.filter((m) => m.status === 'ACTIVE' && registrationFor(m, c));
        const current = holders[c];
        // A holder no longer registered (the registration withdrawn since) stays shown, so the refusal reads true.
        const stale = current && !registered.some((m) => m.id === current) ? [current] : [];
        return (
          <Stack key={c} gap={4} data-testid={`valuer-set-${c}`}>
            <NativeSelect
              label={`${label} valuer`}
              description={
                registered.length === 0 ? `No member of the firm is registered for ${label} yet.` : undefined
              }
              disabled={disabled}
              value={current}
              error={errorFor(c, 'memberId')}
              onChange={(e) => onHolder(c, e.currentTarget.value)}
              data={[
                { value: '', label: 'No valuer named' },
                ...registered.map((m) => ({
                  value: m.id,
                  label: `${m.name} · ${registrationFor(m, c)?.number ?? ''}`,
                })),
                ...stale.map((id) => ({ value: id, label: `${nameOf(id)} (not registered for ${label})` })),
              ]}
            />
            {current && below ? below(c) : null}
          </Stack>
        );
      })}
      {liquidation ? null : (
        <NativeSelect
          label="Coordinating valuer"
          description="One of the set: values the corporate debtor as a whole and approves the report"
          disabled={disabled}
          value={coordinating}
          error={coordinatingError}
          onChange={(e) => onCoordinating(e.currentTarget.value)}
          data={[
            { value: '', label: 'Choose one of the set' },
            ...chosen.map((id) => ({ value: id, label: nameOf(id) })),
          ]}
        />
      )}
    </>
  );
}

/**
 * The New engagement form's part for an IBC engagement: the holders and the coordinating valuer, sent with the
 * create (the verification and the officer are added on the engagement). `errors`: the refused create's field
 * messages, by dotted path; each shows beside its class.
 */
export default function NewValuerSet({
  members,
  errors,
  onChange,
  liquidation = false,
}: {
  members: readonly Member[];
  errors: Record<string, string>;
  /** Liquidation: valuers per asset class, no set and no coordinating valuer (Liquidation Reg 35(2)). */
  liquidation?: boolean;
  onChange: (valuerSet: { classes: object[]; coordinatingValuerId: string } | undefined) => void;
}) {
  const [holders, setHolders] = useState<Record<AssetClass, string>>({
    LAND_AND_BUILDING: '',
    PLANT_AND_MACHINERY: '',
    SECURITIES_OR_FINANCIAL_ASSETS: '',
  });
  const [coordinating, setCoordinating] = useState('');
  const update = (nextHolders: Record<AssetClass, string>, nextCoordinating: string) => {
    setHolders(nextHolders);
    setCoordinating(nextCoordinating);
    const held = heldClasses(nextHolders);
    onChange(
      held.length === 0
        ? undefined
        : {
            classes: held.map((c) => ({ assetClass: c, memberId: nextHolders[c] })),
            // The service records one member as coordinating; in liquidation none coordinates, so the first is sent.
            coordinatingValuerId: liquidation ? nextHolders[held[0]] : nextCoordinating,
          },
    );
  };
  const classError = classErrorOf(errors, holders);
  const said = (m: string | undefined, field: string) => (m ? sentence(m, field) : undefined);
  return (
    <Stack gap="xs" data-testid="valuer-set">
      <Text size="sm" fw={600}>
        {liquidation
          ? 'The registered valuers the liquidator appoints: one per asset class, each registered with IBBI for it'
          : 'The set of registered valuers: one per asset class, each registered with IBBI for it'}
      </Text>
      <ClassHolders
        members={members}
        holders={holders}
        onHolder={(c, id) => update({ ...holders, [c]: id }, coordinating)}
        coordinating={coordinating}
        onCoordinating={(id) => update(holders, id)}
        errorFor={(c, field) => said(classError(c, field), field)}
        coordinatingError={said(errors['valuerSet.coordinatingValuerId'], 'coordinatingValuerId')}
        liquidation={liquidation}
      />
    </Stack>
  );
}
