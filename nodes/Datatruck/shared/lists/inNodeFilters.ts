import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';
import { kindOfColumn, meets, SEARCH } from './answerCheck';
import type { ApiFilter } from './filters';
import { listWords } from './listFindings';
import { fieldOf } from './listPlan';
import type { ListRead } from './listRead';

/** Whether a record shows a column: the value itself, or the relation it lies in (an empty dispatcher is shown). */
function shows(record: IDataObject, column: string): boolean {
	return fieldOf(record, column).present || column.split('__')[0] in record;
}

/**
 * The form of a filter the node can evaluate on the records: the filter itself where they show its column; where
 * they do not, the published form of a column the node chose (loads show `dispatcher__full_name`, never
 * `dispatcher__id`, A31). A condition the node can neither check nor replace is an error, never a record kept
 * unfiltered: Datatruck ignored it, so nobody would have applied it.
 */
async function applicableForm(read: ListRead, records: IDataObject[], filter: ApiFilter): Promise<ApiFilter> {
	if (filter.contains === SEARCH || records.length === 0 || records.some((record) => shows(record, filter.column))) return filter;
	const replacement = read.replacements.get(filter.column);
	if (replacement) return await replacement();
	throw new NodeOperationError(
		read.ctx.getNode(),
		`Datatruck ignores the filter on ${filter.column} of the ${listWords(read.list)} list, and its records do not show ${filter.column}, so the node cannot apply it itself`,
		{ description: 'Filter on a field the records show, or filter the output with an n8n Filter node.' },
	);
}

/**
 * The records that meet every filter the node applies itself (`filters`: those Datatruck was seen to ignore). A
 * record the node cannot judge on one condition (a value it cannot read) is kept, as Datatruck may have matched it.
 */
export async function keptInNode(read: ListRead, records: IDataObject[], filters: ApiFilter[]): Promise<IDataObject[]> {
	if (filters.length === 0) return [...records];
	const applied: ApiFilter[] = [];
	for (const filter of filters) applied.push(await applicableForm(read, records, filter));
	const kinds = applied.map((filter) => kindOfColumn(filter.column, read.fields));
	return records.filter((record) => applied.every((filter, index) => meets(record, filter, kinds[index]) !== false));
}
