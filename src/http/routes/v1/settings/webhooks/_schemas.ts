import { z } from 'zod';
import { isoDateTime } from '../../../../schemas/common.js';
import { ENGAGEMENT_EVENT_TYPES as WEBHOOK_EVENT_TYPES } from '../../../../../contract/events.js';

export const eventTypesSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1)
  .max(WEBHOOK_EVENT_TYPES.length * 4)
  .describe('Event types to receive');
export const webhookUrlSchema = z
  .string()
  .trim()
  .min(1)
  .max(2048)
  .describe(
    'https URL that receives POSTs; private and loopback addresses are refused unless configuration allows them',
  );

export const webhookEndpointSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string().nullable(),
    events: z.array(z.string()),
    enabled: z.boolean(),
    disabledReason: z.string().nullable().describe('Why delivery stopped (410 Gone, 5 days of failures), or null'),
    failingSince: isoDateTime.nullable().describe('Start of the current run of failed attempts'),
    previousSecretValidUntil: isoDateTime.nullable().describe('After a rotation, until when the old secret also signs'),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  })
  .meta({ id: 'WebhookEndpoint' });

export const webhookEndpointWithSecretSchema = webhookEndpointSchema
  .extend({ secret: z.string().describe('whsec_ signing secret; shown only now') })
  .meta({ id: 'WebhookEndpointWithSecret' });

export const webhookDeliverySchema = z
  .object({
    id: z.string(),
    endpointId: z.string(),
    eventId: z.string().describe('The webhook-id header: the same on every attempt and redelivery'),
    eventType: z.string(),
    status: z.enum(['PENDING', 'DELIVERED', 'FAILED']),
    attempts: z.number().int(),
    nextAttemptAt: isoDateTime.nullable(),
    lastResponseStatus: z.number().int().nullable(),
    lastError: z.string().nullable(),
    redeliveryOf: z.string().nullable(),
    createdAt: isoDateTime,
    completedAt: isoDateTime.nullable(),
    attemptLog: z.array(
      z.object({
        attempt: z.number().int(),
        outcome: z.enum(['DELIVERED', 'RETRY', 'FAILED', 'DISABLED', 'REFUSED']),
        responseStatus: z.number().int().nullable(),
        durationMs: z.number().int(),
        responseSnippet: z.string().describe('First 1 KiB of the response body'),
        error: z.string().nullable(),
        startedAt: isoDateTime,
        finishedAt: isoDateTime,
      }),
    ),
  })
  .meta({ id: 'WebhookDelivery' });

export const endpointParams = z.object({ webhookId: z.string() });
