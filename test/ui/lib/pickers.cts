import type { Locator, Page } from 'playwright-core';
import { exactly, ndv, param, tid } from './editor.cts';

/**
 * n8n's record picker (resource locator) and collections, by n8n's own test ids: `rlc-input` opens the list,
 * `rlc-search` is its search box, each entry is an `rlc-item`; a collection adds a field through
 * `collection-parameter-add…` and an option list.
 */
export async function openPicker(page: Page, path: string): Promise<Locator> {
	await param(page, path).locator(tid('rlc-input')).first().click();
	const search = page.locator(`${tid('rlc-search')}:visible`).first();
	await search.waitFor();
	return search;
}

/** Types into an open picker's search box as a person does, and returns the entry whose text contains `text`. */
export async function typeInPicker(page: Page, search: Locator, typed: string, text: string): Promise<Locator> {
	// n8n puts the test id on the input itself in some versions and on its wrapper in others.
	await search.locator('xpath=self::input | .//input').first().pressSequentially(typed, { delay: 120 });
	const item = page.locator(`${tid('rlc-item')}:visible`).filter({ hasText: text }).first();
	await item.waitFor({ timeout: 60_000 });
	return item;
}

/** The option texts the picker lists right now. */
export async function pickerItems(page: Page): Promise<string[]> {
	return (await page.locator(`${tid('rlc-item')}:visible`).allInnerTexts()).map((t) => t.trim());
}

/** Adds one field of a collection parameter (e.g. Update Fields › Contact Number) by its display name. */
export async function addCollectionField(page: Page, collectionLabel: string, field: string): Promise<void> {
	const row = ndv(page).locator(tid('parameter-item')).filter({ hasText: collectionLabel }).first();
	await row.locator('[data-test-id^="collection-parameter-add"]').first().click();
	await page.getByRole('option', { name: exactly(field) }).first().click();
}
