// The IBC sign-off in the console (Chromium, real server): the partner names, for each asset class the estimates
// cover, the member registered with IBBI for it; the FINAL report's signature block names each class's valuer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertAccessible, consoleSuite, screenshotPath, until } from '../helpers/browser.js';
import { addMember, asUser, reviewTeam, type Session } from '../helpers/principals.js';
import { createEngagement, fixture, lock, upload } from '../helpers/engagements.js';
import { pdfText } from '../helpers/pdf.js';
import { setPaymentStatus } from '../../src/features/engagements/engagements.repository.js';

const suite = consoleSuite();
const { skip } = suite;

/** Through the API (the worker runs on its own): an IBC engagement at GATE_3, paid; with its set of valuers when given. */
async function ibcAtGate3(admin: Session, valuer: Session, reviewer: Session, valuerSet?: object): Promise<string> {
  const t = suite.server.t;
  const e = await createEngagement(t, asUser(valuer), {
    targetEntity: 'Godavari Forgings Private Limited',
    statute: 'IBC_LIQUIDATION',
    purpose: 'CIRP_FAIR_AND_LIQUIDATION_VALUE',
    ...(valuerSet && { valuerSet }),
  });
  const data = Buffer.from(JSON.stringify(fixture('ibc-shortfall.json')));
  assert.equal((await upload(t, asUser(valuer), e.id, 'FINANCIALS', 'financials.json', data)).statusCode, 201);
  const status = async () =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}`, headers: asUser(admin) })).json()
      .status as string;
  await until('DATA_READY', async () => ((await status()) === 'DATA_READY' ? true : undefined));
  const rationale = 'No income approach: the values rest on the asset-class estimates of the registered valuers.';
  assert.equal((await lock(t, asUser(valuer), e.id, { wacc: 12, terminalGrowthRate: 4, rationale })).statusCode, 200);
  await until('GATE_1', async () => ((await status()) === 'GATE_1' ? true : undefined));
  const approve = (gate: string, s: Session) =>
    t.app.inject({ method: 'POST', url: `/api/v1/engagements/${e.id}/gates/${gate}/approve`, headers: asUser(s) });
  assert.equal((await approve('GATE_1', valuer)).statusCode, 200);
  assert.equal((await approve('GATE_2', reviewer)).statusCode, 200);
  await t.db.transaction((tx) => setPaymentStatus(tx, admin.firmId, e.id, 'PAID'));
  return e.id;
}

test('IBC sign-off names the land and building valuer from the members registered for it', { skip }, async () => {
  const steps = suite.steps();
  const t = suite.server.t;
  const { admin, valuer, reviewer } = await reviewTeam(t, 'Godavari Insolvency Valuers LLP');
  const land = await addMember(t, admin, 'VALUER', 'Lata Land Valuer');
  const registered = await t.app.inject({
    method: 'PATCH',
    url: '/api/v1/auth/me',
    headers: asUser(land),
    payload: { registrations: [{ type: 'IBBI_RV', number: 'IBBI/RV/01/2020/22222', assetClass: 'LAND_AND_BUILDING' }] },
  });
  assert.equal(registered.statusCode, 200);
  const id = await ibcAtGate3(admin, valuer, reviewer);

  const { page, errors } = await steps.newPage();
  await steps.signIn(page, admin.email);
  await page.goto(steps.url(`/engagements/${id}?tab=review`));
  const classes = page.getByTestId('class-signatories');
  const landSelect = classes.getByLabel('Signs the Land and Building estimate');
  await landSelect.selectOption({
    label: 'Lata Land Valuer · IBBI/RV/01/2020/22222 (IBBI registered valuer, Land and building)',
  });
  await assertAccessible(page, '/engagements/:id review (IBC class signatories)');
  await classes.screenshot({ path: screenshotPath('ibc-class-signatories.png') });
  await page.getByLabel('Place of signing').fill('Hyderabad');
  await page.getByRole('button', { name: /Approve Gate 3/ }).click();
  await page
    .getByTestId('sign-off-summary')
    .getByText(/Lata Land Valuer/)
    .waitFor();
  await page.getByTestId('confirm-sign-off').click();
  await page.getByText('COMPLETED').first().waitFor();

  // The FINAL names the land and building valuer for that class, and the partner for the rest.
  const pdf = await until('the FINAL', async () => {
    const r = (
      await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${id}/report/status`, headers: asUser(admin) })
    ).json();
    if (r.kind !== 'FINAL' || r.status !== 'READY') return undefined;
    return (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${id}/report`, headers: asUser(admin) }))
      .rawPayload;
  });
  const text = pdfText(pdf);
  assert.match(text, /Lata Land Valuer Registered valuer for Land and Building Registration IBBI\/RV\/01\/2020\/22222/);
  assert.deepEqual(errors, []);
});

test(
  'IBC set-up shows each asset class with the members registered for it, and a refusal beside its field',
  { skip },
  async () => {
    const steps = suite.steps();
    const t = suite.server.t;
    const { admin, valuer } = await reviewTeam(t, 'Krishna Insolvency Valuers LLP');
    const register = (s: Session, number: string, assetClass: string) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/v1/auth/me',
        headers: asUser(s),
        payload: { registrations: number ? [{ type: 'IBBI_RV', number, assetClass }] : [] },
      });
    const land = await addMember(t, admin, 'VALUER', 'Lata Land Valuer');
    const plant = await addMember(t, admin, 'VALUER', 'Prakash Plant Valuer');
    assert.equal((await register(land, 'IBBI/RV/01/2020/22222', 'LAND_AND_BUILDING')).statusCode, 200);
    assert.equal((await register(plant, 'IBBI/RV/02/2021/33333', 'PLANT_AND_MACHINERY')).statusCode, 200);
    const e = await createEngagement(t, asUser(valuer), {
      targetEntity: 'Krishna Castings Private Limited',
      statute: 'IBC_LIQUIDATION',
      purpose: 'CIRP_FAIR_AND_LIQUIDATION_VALUE',
    });

    const { page, errors } = await steps.newPage();
    await steps.signIn(page, valuer.email);
    await page.goto(steps.url(`/engagements/${e.id}`));
    const set = page.getByTestId('valuer-set');
    // Each class offers only the members registered with IBBI for it; Securities or Financial Assets: the partner's.
    await set
      .getByLabel('Land and Building valuer')
      .selectOption({ label: 'Lata Land Valuer · IBBI/RV/01/2020/22222' });
    await set
      .getByLabel('Plant and Machinery valuer')
      .selectOption({ label: 'Prakash Plant Valuer · IBBI/RV/02/2021/33333' });
    const landOptions = await set.getByLabel('Land and Building valuer').locator('option').allTextContents();
    assert.deepEqual(landOptions, ['No valuer named', 'Lata Land Valuer · IBBI/RV/01/2020/22222']);
    await set.getByLabel('Coordinating valuer').selectOption({ label: 'Lata Land Valuer' });
    // Meanwhile the plant valuer's registration is withdrawn: the service refuses, and the console says so beside the class.
    assert.equal((await register(plant, '', '')).statusCode, 200);
    await set.getByRole('button', { name: 'Save the set of valuers' }).click();
    const beside = page.getByTestId('valuer-set-PLANT_AND_MACHINERY');
    await beside.getByText(/Prakash Plant Valuer is not registered with IBBI for Plant and Machinery/).waitFor();
    const shown = await set.innerText();
    assert.doesNotMatch(shown, /valuerSet|classes\/|memberId/, 'no JSON path is shown');
    await assertAccessible(page, '/engagements/:id (IBC set of valuers, refused)');
    await set.screenshot({ path: screenshotPath('ibc-valuer-set-refused.png') });
    // Registered again, the set is saved and read back.
    assert.equal((await register(plant, 'IBBI/RV/02/2021/33333', 'PLANT_AND_MACHINERY')).statusCode, 200);
    await set.getByRole('button', { name: 'Save the set of valuers' }).click();
    await set.getByText('The set of valuers is saved.').waitFor();
    const saved = (
      await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}`, headers: asUser(valuer) })
    ).json();
    assert.deepEqual(
      saved.valuerSet.classes.map((c: { assetClass: string; memberId: string }) => [c.assetClass, c.memberId]),
      [
        ['LAND_AND_BUILDING', land.userId],
        ['PLANT_AND_MACHINERY', plant.userId],
      ],
    );
    assert.equal(saved.valuerSet.coordinatingValuerId, land.userId);
    await set.screenshot({ path: screenshotPath('ibc-valuer-set-saved.png') });
    assert.deepEqual(errors, []);
  },
);

test(
  "IBC sign-off with a set: each class shows the set's valuer, and an unqualified one is refused beside the class",
  { skip },
  async () => {
    const steps = suite.steps();
    const t = suite.server.t;
    const { admin, valuer, reviewer } = await reviewTeam(t, 'Narmada Insolvency Valuers LLP');
    const land = await addMember(t, admin, 'VALUER', 'Lata Land Valuer');
    const register = (registrations: unknown[]) =>
      t.app.inject({ method: 'PATCH', url: '/api/v1/auth/me', headers: asUser(land), payload: { registrations } });
    const landRegistration = { type: 'IBBI_RV', number: 'IBBI/RV/01/2020/22222', assetClass: 'LAND_AND_BUILDING' };
    assert.equal((await register([landRegistration])).statusCode, 200);
    const verification = {
      date: '2026-04-03',
      inspected: 'The factory land and buildings, and the stores',
      present: "The resolution professional's representative",
    };
    const id = await ibcAtGate3(admin, valuer, reviewer, {
      classes: [
        { assetClass: 'LAND_AND_BUILDING', memberId: land.userId, verification },
        { assetClass: 'SECURITIES_OR_FINANCIAL_ASSETS', memberId: admin.userId, verification },
      ],
      coordinatingValuerId: admin.userId,
    });

    const { page, errors } = await steps.newPage();
    await steps.signIn(page, admin.email);
    await page.goto(steps.url(`/engagements/${id}?tab=review`));
    const classes = page.getByTestId('class-signatories');
    const landField = classes.getByLabel('Signs the Land and Building estimate');
    // The set's land valuer, named once the team is read.
    await until("the set's land valuer", async () =>
      (await landField.inputValue()) === 'Lata Land Valuer' ? true : undefined,
    );
    // Her registration is withdrawn before the partner signs: the service refuses, beside the class, in words.
    assert.equal((await register([])).statusCode, 200);
    await page.getByLabel('Place of signing').fill('Hyderabad');
    await page.getByRole('button', { name: /Approve Gate 3/ }).click();
    await page.getByTestId('confirm-sign-off').click();
    await classes.getByText(/Lata Land Valuer holds no such registration/).waitFor();
    const shown = await page.getByTestId('class-signatories').innerText();
    assert.doesNotMatch(shown, /classSignatories|LAND_AND_BUILDING/, 'no JSON path or code is shown');
    await assertAccessible(page, '/engagements/:id review (IBC set, refused signatory)');
    await classes.screenshot({ path: screenshotPath('ibc-set-signatory-refused.png') });
    assert.equal(
      (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${id}`, headers: asUser(admin) })).json().status,
      'GATE_3',
    );
    assert.deepEqual(errors, []);
  },
);

test(
  'the New engagement form for the IBC takes the set: each class among its registered members, refused beside it',
  { skip },
  async () => {
    const steps = suite.steps();
    const t = suite.server.t;
    const { admin, valuer } = await reviewTeam(t, 'Tapi Insolvency Valuers LLP');
    const land = await addMember(t, admin, 'VALUER', 'Lata Land Valuer');
    const plant = await addMember(t, admin, 'VALUER', 'Prakash Plant Valuer');
    const register = (s: Session, registrations: unknown[]) =>
      t.app.inject({ method: 'PATCH', url: '/api/v1/auth/me', headers: asUser(s), payload: { registrations } });
    const plantRegistration = { type: 'IBBI_RV', number: 'IBBI/RV/02/2021/33333', assetClass: 'PLANT_AND_MACHINERY' };
    assert.equal(
      (await register(land, [{ type: 'IBBI_RV', number: 'IBBI/RV/01/2020/22222', assetClass: 'LAND_AND_BUILDING' }]))
        .statusCode,
      200,
    );
    assert.equal((await register(plant, [plantRegistration])).statusCode, 200);

    const { page, errors } = await steps.newPage();
    await steps.signIn(page, valuer.email);
    await page.goto(steps.url('/engagements'));
    await page.getByRole('button', { name: 'New engagement' }).click();
    const dialog = page.getByRole('dialog', { name: 'New engagement' });
    await dialog.getByLabel('Target entity').fill('Tapi Textiles Private Limited');
    await dialog.getByRole('combobox', { name: 'Statute' }).click();
    await page.getByRole('option', { name: 'IBC, 2016: IBBI Regulation 35' }).click();
    const set = dialog.getByTestId('valuer-set');
    await set
      .getByLabel('Land and Building valuer')
      .selectOption({ label: 'Lata Land Valuer · IBBI/RV/01/2020/22222' });
    await set
      .getByLabel('Plant and Machinery valuer')
      .selectOption({ label: 'Prakash Plant Valuer · IBBI/RV/02/2021/33333' });
    await set.getByLabel('Coordinating valuer').selectOption({ label: 'Lata Land Valuer' });
    // The plant valuer's registration withdrawn meanwhile: the create is refused beside that class.
    assert.equal((await register(plant, [])).statusCode, 200);
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await dialog
      .getByTestId('valuer-set-PLANT_AND_MACHINERY')
      .getByText(/Prakash Plant Valuer is not registered with IBBI for Plant and Machinery/)
      .waitFor();
    assert.doesNotMatch(await dialog.innerText(), /valuerSet|memberId/, 'no JSON path is shown');
    await assertAccessible(page, 'new engagement dialog (IBC set, refused)');
    await dialog.screenshot({ path: screenshotPath('ibc-new-engagement-set-refused.png') });
    assert.equal((await register(plant, [plantRegistration])).statusCode, 200);
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(/\/engagements\/eng_/);
    const id = page.url().split('/engagements/')[1]!.split('?')[0]!;
    const made = (
      await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${id}`, headers: asUser(valuer) })
    ).json();
    assert.deepEqual(
      made.valuerSet.classes.map((c: { assetClass: string; memberId: string }) => [c.assetClass, c.memberId]),
      [
        ['LAND_AND_BUILDING', land.userId],
        ['PLANT_AND_MACHINERY', plant.userId],
      ],
    );
    assert.equal(made.valuerSet.coordinatingValuerId, land.userId);
    // The engagement's own panel shows the set as made.
    await page.getByTestId('valuer-set').getByLabel('Coordinating valuer').waitFor();
    assert.deepEqual(errors, []);
  },
);
