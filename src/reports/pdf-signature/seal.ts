/**
 * The PDF seal of a FINAL report: a PAdES-style signature (adbe.pkcs7.detached, SHA-256, signing time) in a
 * signature field on the report's signature page, made with the firm's certificate. The placeholder is laid
 * while pdfkit writes the document; the CMS is made by @signpdf (node-forge underneath) over the byte range.
 */
import { randomBytes } from 'node:crypto';
import { pdfkitAddPlaceholder } from '@signpdf/placeholder-pdfkit';
import { SignPdf } from '@signpdf/signpdf';
import { P12Signer } from '@signpdf/signer-p12';
import { SUBFILTER_ADOBE_PKCS7_DETACHED } from '@signpdf/utils';
import { toPkcs12, type KeyAndCertificate } from './certificates.js';

export interface SealPlaceholder {
  /** The signatory named in the signature dictionary. */
  name: string;
  reason: string;
  location?: string | null;
  contactInfo?: string;
  signingTime: Date;
}

/** Room for the CMS (hex doubles it): the firm's certificate, its CA and a 4096-bit signature fit well. */
const SIGNATURE_BYTES = 16_384;

/** Adds the signature dictionary and an invisible widget on the page pdfkit is on now (call before end()). */
export function addSealPlaceholder(doc: PDFKit.PDFDocument, seal: SealPlaceholder): void {
  pdfkitAddPlaceholder({
    pdf: doc,
    pdfBuffer: Buffer.alloc(0),
    reason: seal.reason,
    contactInfo: seal.contactInfo ?? '',
    name: seal.name,
    location: seal.location ?? '',
    signingTime: seal.signingTime,
    signatureLength: SIGNATURE_BYTES,
    subFilter: SUBFILTER_ADOBE_PKCS7_DETACHED,
    widgetRect: [0, 0, 0, 0],
  });
}

/** Signs a PDF that carries a placeholder: the returned bytes are the sealed file. */
export async function sealPdf(pdfWithPlaceholder: Buffer, key: KeyAndCertificate, signingTime: Date): Promise<Buffer> {
  const password = randomBytes(18).toString('base64');
  const signer = new P12Signer(toPkcs12(key, password), { passphrase: password });
  return new SignPdf().sign(pdfWithPlaceholder, signer, signingTime);
}
