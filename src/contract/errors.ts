// Every error code the API answers, in one place: its HTTP status, a title, and a sentence for the people who read it
// in the console (the code stays visible, small, for support). The server's AppError takes only these codes, the
// OpenAPI document lists them as the enum of Problem.code (so the generated client types `code`), GET /api/v1/errors
// serves the catalogue, and /docs/errors is the page every problem's `type` points at. Refusals a valuer must correct
// carry per-field messages in `errors[]` besides; the sentence here is the summary shown above them.

export interface ErrorEntry {
  status: number;
  title: string;
  /** What happened and what the person can do, in plain words; no codes, no API paths. */
  sentence: string;
}

export const ERROR_CATALOGUE = {
  // Requests the service cannot read
  validation_failed: {
    status: 400,
    title: 'Some fields are not valid',
    sentence: 'Some of what was entered is not valid. Correct the fields marked and try again.',
  },
  malformed_json: {
    status: 400,
    title: 'Unreadable request',
    sentence: 'The request could not be read as JSON. Check its syntax and send it again.',
  },
  invalid_multipart: {
    status: 400,
    title: 'Unreadable upload',
    sentence: 'The upload could not be read. Choose the file again and retry.',
  },
  bad_request: {
    status: 400,
    title: 'Bad request',
    sentence: 'The request could not be understood. Check it and try again.',
  },
  invalid_cursor: {
    status: 400,
    title: 'Invalid page link',
    sentence: 'This page link is not valid any more. Go back to the first page of the list.',
  },
  payload_too_large: {
    status: 413,
    title: 'Too large',
    sentence: 'What was sent is larger than the service accepts. Send a smaller file or request.',
  },
  unsupported_media_type: {
    status: 415,
    title: 'Unsupported format',
    sentence: 'This kind of content is not accepted here. Send JSON, or the file formats listed for uploads.',
  },
  // Who may do what
  unauthorized: {
    status: 401,
    title: 'Sign in needed',
    sentence: 'You are not signed in, or your session or token has ended. Sign in again.',
  },
  invalid_credentials: {
    status: 401,
    title: 'Wrong e-mail or password',
    sentence: 'The e-mail or password is not right. Check both and try again.',
  },
  forbidden: {
    status: 403,
    title: 'Not allowed',
    sentence: 'Your role in the firm does not allow this. Ask an administrator of your firm.',
  },
  csrf_failed: {
    status: 403,
    title: 'Page out of date',
    sentence: 'This page is out of date with your session. Reload the page and try again.',
  },
  not_found: { status: 404, title: 'Not found', sentence: 'This does not exist, or it belongs to another firm.' },
  rate_limited: {
    status: 429,
    title: 'Too many attempts',
    sentence: 'There have been too many attempts in a short time. Wait a little and try again.',
  },
  too_many_streams: {
    status: 429,
    title: 'Too many live connections',
    sentence:
      'This sign-in already has the most live update connections allowed open. Close another tab ' +
      'or window, then reload.',
  },
  signup_disabled: {
    status: 403,
    title: 'Sign-up closed',
    sentence: 'New firms cannot sign up on this installation. Ask its operator for an invitation.',
  },
  // Team and invitations
  email_exists: {
    status: 409,
    title: 'E-mail already in use',
    sentence: 'Someone with this e-mail address is already a member. Use another address.',
  },
  demo_registrations: {
    status: 409,
    title: 'Demo registrations remain',
    sentence:
      "The firm still holds the demo's made-up registrations. Enter the real ones in the firm " +
      "profile and in each person's profile, then clear the demo flag.",
  },
  last_admin: {
    status: 409,
    title: 'Last administrator',
    sentence: 'The firm must keep at least one administrator. Make someone else an administrator first.',
  },
  not_active: {
    status: 409,
    title: 'Member not active',
    sentence: 'This member is not active, so this cannot be done to them.',
  },
  invalid_unsubscribe_link: {
    status: 400,
    title: 'Opt-out link not valid',
    sentence: 'This opt-out link is not valid. Switch e-mails off in your profile instead.',
  },
  invalid_invitation: {
    status: 400,
    title: 'Invitation not valid',
    sentence: 'This invitation link is not valid. Ask the person who invited you for a new one.',
  },
  invitation_used: {
    status: 410,
    title: 'Invitation already used',
    sentence: 'This invitation has already been accepted. Sign in instead.',
  },
  invitation_expired: {
    status: 410,
    title: 'Invitation expired',
    sentence: 'This invitation has expired. Ask the person who invited you to send it again.',
  },
  link_expired: {
    status: 410,
    title: 'Link no longer valid',
    sentence: 'This link has expired or has been used already. Ask for a new one from the log-in page.',
  },
  // Engagements and their workflow
  invalid_transition: {
    status: 409,
    title: 'Not possible at this stage',
    sentence: 'The engagement is not at a stage where this can be done.',
  },
  report_signed: {
    status: 409,
    title: 'Report signed',
    sentence: 'The report has been signed, so the engagement can no longer change.',
  },
  report_facts_missing: {
    status: 409,
    title: 'Report facts missing',
    sentence: 'The report cannot be signed yet: fill in the appointment and company details marked.',
  },
  udin_already_used: {
    status: 409,
    title: 'UDIN already used',
    sentence: 'This UDIN is on another report of the firm. Generate a new UDIN for this report and sign again.',
  },
  firm_registration_missing: {
    status: 409,
    title: 'Firm registration number missing',
    sentence:
      "A chartered accountant's report names the firm's ICAI Firm Registration Number. Add it in the " +
      'firm settings, then sign again.',
  },
  certificate_after_issue: {
    status: 409,
    title: 'Certificate after the issue',
    sentence:
      'A FEMA certificate must precede the issue it supports. Correct the proposed issue date, or ' +
      'record that the issue has already been made and why.',
  },
  no_provision_in_force: {
    status: 400,
    title: 'No provision in force',
    sentence:
      'No provision of the law in force on the transaction date asks for this valuation. Choose ' +
      'the purpose or statute the message names, or correct the transaction date.',
  },
  computation_started: {
    status: 409,
    title: 'Computation started',
    sentence: 'The valuation has started, so these details can no longer be changed.',
  },
  already_locked: {
    status: 409,
    title: 'Assumptions already locked',
    sentence: 'The assumptions are already locked for this round. Return the engagement for revision to change them.',
  },
  ingestion_in_progress: {
    status: 409,
    title: 'Upload being read',
    sentence: 'The last financials upload is still being read. Wait for it to finish before uploading again.',
  },
  financials_not_ready: {
    status: 409,
    title: 'Financials not ready',
    sentence: 'The financials have not been read yet. Upload them, or wait until they are accepted.',
  },
  source_missing: {
    status: 400,
    title: 'Figures without their source',
    sentence:
      'Some figures the valuation rests on do not say where they come from. Name the source of each figure marked in the financials, upload them again, then lock the assumptions.',
  },
  inputs_incomplete: {
    status: 409,
    title: 'Financials incomplete',
    sentence: 'The financials lack what this statute needs. Upload corrected financials, then lock the assumptions.',
  },
  asset_not_accounted: {
    status: 409,
    title: 'Asset not accounted for',
    sentence: 'An asset on the balance sheet is neither valued nor excluded with a reason. Correct, then lock.',
  },
  valuation_not_ready: {
    status: 409,
    title: 'Valuation not ready',
    sentence: 'The valuation has not been computed yet. Lock the assumptions and wait for the computation.',
  },
  invalid_weights: {
    status: 400,
    title: 'Method weights not valid',
    sentence: 'The method weights are not valid for this statute. Correct the weights marked.',
  },
  missing_rationale: {
    status: 400,
    title: 'Rationale missing',
    sentence: 'Explain the judgement in writing: a rationale is needed for weights and discounts.',
  },
  invalid_discount: {
    status: 400,
    title: 'Discount not valid',
    sentence: 'The discount is not valid. Enter a percent from 0 to 50 with its rationale.',
  },
  invalid_market_approach: {
    status: 400,
    title: 'Market approach not valid',
    sentence:
      'The choice of multiples, statistic or discount to the peers is not valid. Pick multiples ' +
      'the peers report, a percentile from 25 to 75, and a discount from 0 to 50 % with its ' +
      'reason.',
  },
  wacc_mismatch: {
    status: 400,
    title: 'WACC does not match its build-up',
    sentence:
      'The WACC stated differs from the one the cost-of-capital build-up gives. State the ' +
      'computed WACC (to 4 decimals) or correct the build-up.',
  },
  discount_not_permitted: {
    status: 400,
    title: 'Discount not permitted',
    sentence: 'The statute does not permit a discount for this valuation. Remove it.',
  },
  person_required: {
    status: 403,
    title: 'A person must decide',
    sentence: 'Review gates are decided by people signed in to the console, not by API tokens.',
  },
  independent_review_required: {
    status: 409,
    title: 'Independent reviewer needed',
    sentence:
      'The second review must be done by someone who did not lock the assumptions, approve the ' +
      'first gate or sign the report. Ask another member.',
  },
  signatory_not_qualified: {
    status: 409,
    title: 'Signatory not qualified',
    sentence:
      'The person signing does not hold a registration this statute requires. Add it in the ' +
      'profile, or ask a qualified member to sign.',
  },
  no_qualified_signatory: {
    status: 409,
    title: 'Nobody can sign',
    sentence:
      'No member of the firm holds the registration this valuation must be signed under. Add it ' +
      "to a partner's profile before paying.",
  },
  // Reports
  report_not_ready: {
    status: 409,
    title: 'Report not ready',
    sentence: 'The report is still being prepared. Try again in a moment.',
  },
  certificate_not_usable: {
    status: 422,
    title: 'Certificate not usable',
    sentence:
      'This certificate file cannot be used to sign reports. Read the reason given, correct it and upload again.',
  },
  signed_copy_not_of_this_report: {
    status: 422,
    title: 'Not a copy of this report',
    sentence:
      'This file does not begin with the exact FINAL report the service issued. Sign the file ' +
      'downloaded from the service, unchanged, and upload what your signing software saved.',
  },
  signed_copy_changes_report: {
    status: 422,
    title: 'The signed copy changes the report',
    sentence:
      'What was added after the FINAL report changes it, not only signs it. Sign the downloaded ' +
      'file again without editing it.',
  },
  signed_copy_signature_invalid: {
    status: 422,
    title: 'Signature does not verify',
    sentence:
      'A signature added to the report does not verify over the bytes it covers. Sign the downloaded file again.',
  },
  file_over_limit: {
    status: 422,
    title: 'The file exceeds what the service reads',
    sentence:
      'This file asks for more than the service reads in one file (the reason names the bound). A report the ' +
      'service issued and signed in ordinary signing software stays far within it.',
  },
  no_final_report: {
    status: 409,
    title: 'No FINAL report yet',
    sentence: 'The engagement has no FINAL report yet. Wait until it is signed off and the FINAL is ready.',
  },
  // Payments
  payment_required: {
    status: 409,
    title: 'Payment needed',
    sentence: 'The engagement must be paid before it can be signed off.',
  },
  already_paid: { status: 409, title: 'Already paid', sentence: 'This engagement has already been paid.' },
  payment_conflict: {
    status: 409,
    title: 'Payment in progress',
    sentence: 'A payment for this engagement is already under way. Finish or wait for it.',
  },
  invalid_signature: {
    status: 400,
    title: 'Signature not valid',
    sentence: 'The payment confirmation could not be verified. Nothing was charged twice; try the payment again.',
  },
  gateway_error: {
    status: 502,
    title: 'Payment gateway unavailable',
    sentence: 'The payment gateway did not answer. Try again in a few minutes.',
  },
  // Webhooks
  webhook_url_not_allowed: {
    status: 400,
    title: 'Address not allowed',
    sentence: 'Webhooks can be sent only to public https addresses. Enter another address.',
  },
  endpoint_disabled: {
    status: 409,
    title: 'Endpoint disabled',
    sentence: 'This webhook endpoint is disabled. Enable it first.',
  },
  delivery_pending: {
    status: 409,
    title: 'Delivery pending',
    sentence: 'This delivery is still being attempted. Wait for it to finish before sending it again.',
  },
  // Idempotency
  idempotency_conflict: {
    status: 409,
    title: 'Key used for another request',
    sentence: 'This Idempotency-Key was already used with a different request. Use a new key.',
  },
  idempotency_in_progress: {
    status: 409,
    title: 'Same request in progress',
    sentence: 'The same request is still being processed. Retry shortly.',
  },
  // The service itself
  price_missing: {
    status: 500,
    title: 'Price not configured',
    sentence: 'No fee is configured for this statute on this installation. Ask its operator to set one.',
  },
  database_unavailable: {
    status: 503,
    title: 'Service busy',
    sentence: 'The service cannot reach its database just now. Try again in a few seconds.',
  },
  internal_error: {
    status: 500,
    title: 'Unexpected error',
    sentence: 'Something went wrong on our side. Try again; if it persists, quote the request id to support.',
  },
} as const satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(ERROR_CATALOGUE, value);

/** The page a problem's `type` points at: the catalogue, with an anchor per code. */
export const errorTypeUri = (code: ErrorCode): string => `/docs/errors#${code}`;
