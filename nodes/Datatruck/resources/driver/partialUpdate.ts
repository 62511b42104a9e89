import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteSingleFunctions, IExecutePaginationFunctions } from 'n8n-workflow';
import type { BodyField, FieldLabel } from '../../shared/fields';
import { markNotHeld, supports } from '../../shared/lists';

/**
 * Datatruck's contract shows only `PUT /drivers/update/{pk}/`, which requires the whole driver (`is_main`,
 * `mc_number`, `brith_date` among it), while its published driver list lacks those three. Its lists and errors are
 * Django REST Framework's, whose update views also take `PATCH` on the same path as a partial update (A37). So when
 * the driver as read lacks a value the PUT requires and the user did not give it, the node sends `PATCH` with only
 * the fields the user set. A 405, or a 400 that names the method or asks for the full update's fields, shows PUT
 * alone: the node then asks for the missing fields by name, remembers that per credential origin (said once in
 * n8n's log) and sends no PATCH there again. Nothing is ever guessed.
 */

/** The finding key: this origin's driver update takes no partial update. */
export const PATCH_KEY = 'drivers.update.patch';

/** Whether a partial update may be tried on this origin (nothing seen against it, or what was seen has expired). */
export const takesPatch = (origin: string): boolean => supports(origin, PATCH_KEY);

interface ApiFailure {
	httpCode?: unknown;
	message?: unknown;
	description?: unknown;
}

/**
 * What Datatruck's answer to a PATCH shows when it means "PUT only", in words for the log; undefined for any other
 * failure (a value of the user's refused, the driver gone), which stays Datatruck's own error.
 */
export function patchRefusal(error: unknown, missing: BodyField[]): string | undefined {
	const { httpCode, message, description } = (error ?? {}) as ApiFailure;
	if (String(httpCode) === '405') return 'answered a partial update of a driver (PATCH) with 405 Method Not Allowed';
	if (String(httpCode) !== '400') return undefined;
	const words = `${String(message ?? '')} ${String(description ?? '')}`;
	if (/\bPATCH\b|\bmethod\b/i.test(words)) return 'refused a partial update of a driver (PATCH) with a 400 naming the method';
	const asksForMissing = missing.some((field) => words.includes(field.key.split('.').pop() as string)) && /required/i.test(words);
	return asksForMissing ? "answered a partial update of a driver (PATCH) asking for the full update's required fields" : undefined;
}

/** Remembers that this origin takes the full update alone (the first time, said in n8n's log). */
export function rememberPutOnly(ctx: IExecutePaginationFunctions | IExecuteSingleFunctions, origin: string, seen: string): void {
	markNotHeld(ctx, origin, {
		key: PATCH_KEY,
		assumption: 'A37',
		seen,
		instead: 'sends Driver › Update as the full update (PUT) alone, and asks for Main Driver, MC Number ID and Birth Date when the driver list lacks them',
	});
}

/**
 * The full update needs fields the driver list did not return and the user did not give. Where to find their real
 * values is named, never an example to copy: a made-up Birth Date or MC Number would overwrite the driver's data.
 */
export function missingFieldsError(
	ctx: IExecutePaginationFunctions | IExecuteSingleFunctions,
	id: number,
	missing: BodyField[],
	label: FieldLabel,
	patchRefused: boolean,
): NodeOperationError {
	const one = missing.length === 1;
	const names = missing.map((field) => field.label).join(', ');
	const why = patchRefused
		? `This Datatruck refused to change only the fields you set (a partial update, PATCH), so the node must send the whole driver (PUT), and it remembers that for this Datatruck.`
		: `This Datatruck takes only the full update (PUT), which sends the whole driver.`;
	return new NodeOperationError(
		ctx.getNode(),
		`${missing.map(label).join(', ')}: Datatruck's update must send ${one ? 'this field' : 'these fields'} and its driver list did not return ${one ? 'it' : 'them'} for driver ${id}; nothing was updated`,
		{
			description: `${why} Open driver ${id} in Datatruck (Drivers, then the driver's profile) and add ${one ? 'their current value' : 'their current values'} of ${names} under Update Fields, exactly as shown there. The node never fills ${one ? 'it' : 'them'} in with a guess, which would overwrite the driver's real data.`,
			itemIndex: ctx.getItemIndex(),
		},
	);
}
