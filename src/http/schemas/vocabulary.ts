// The engagement's statute and status as response schemas take them.
import { z } from 'zod';
import { ENGAGEMENT_STATUSES } from '../../contract/stages.js';
import { STATUTES } from '../../domain/valuation/types.js';

export const statuteSchema = z.enum(STATUTES);
export const engagementStatusSchema = z.enum(ENGAGEMENT_STATUSES);
