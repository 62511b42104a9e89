/**
 * Which output schemas the package must ship, found from the nodes' own descriptions (so that an
 * operation, event or Simplify option added later needs a schema, and a schema whose operation is
 * gone is noticed), and where n8n looks for each.
 *
 * n8n's layout (n8n-core `resolveOutputSchemaPath`, served by the editor's `GET /schemas/<node type>/
 * <version>/<resource>/<operation>.json`): `<node folder>/__schema__/v<X.Y.Z>/<resource>/<operation>.json`
 * beside the compiled `.node.js`. A node without resource/operation (a trigger) has one
 * `v<X.Y.Z>/output.json`. n8n's nodes keep the output of a non-default value of an option that reshapes
 * the output beside it as `<operation>.<parameter>-<value>.json` (Gmail's `getAll.simple-false.json`).
 */
import { readFileSync } from 'node:fs';
import { basename, dirname, join, posix } from 'node:path';
import { NodeHelpers, type INodeParameters, type INodeProperties, type INodeType } from 'n8n-workflow';

export const ROOT = join(__dirname, '..', '..');

/** Boolean options that change the shape of what a node returns; each shown one needs its own schema. */
export const RESHAPING_OPTIONS = ['simplify'];

export interface SchemaTarget {
	/** The node's type name in its package, e.g. `datatruck`. */
	node: string;
	/** e.g. `load/get` for the action node, `newLoad` for a trigger event. */
	operation: string;
	/** `simplify-true` for the output with Simplify on, `''` for the default parameters. */
	variant: string;
	/** Relative to the repository, e.g. `nodes/Datatruck/__schema__/v1.0.0/load/get.simplify-true.json`. */
	file: string;
}

export interface PackageNode {
	name: string;
	/** The source folder, e.g. `nodes/Datatruck`. */
	folder: string;
	type: INodeType;
}

/** The nodes package.json's `n8n.nodes` names, loaded from their TypeScript sources. */
export function packageNodes(): PackageNode[] {
	const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { n8n: { nodes: string[] } };
	return manifest.n8n.nodes.map((distPath) => {
		const source = distPath.replace(/^dist\//, '').replace(/\.js$/, '');
		const className = basename(source).replace(/\.node$/, '');
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const exported = require(join(ROOT, `${source}.ts`)) as Record<string, new () => INodeType>;
		const type = new exported[className]();
		return { name: type.description.name, folder: dirname(source), type };
	});
}

export const padVersion = (version: number) => String(version).split('.').concat(['0', '0']).slice(0, 3).join('.');

/** The version the cases run at and the schemas are inferred for: the first, whose parameters the cases use. */
function versionOf(node: PackageNode): number {
	const { version } = node.type.description;
	return Array.isArray(version) ? version[0] : version;
}

/** Every version n8n may ask a schema for: a workflow saved with any of them. */
function versionsOf(node: PackageNode): number[] {
	const { version } = node.type.description;
	return Array.isArray(version) ? version : [version];
}

function optionValues(property: INodeProperties | undefined): string[] {
	return (property?.options ?? []).map((option) => String((option as { value: unknown }).value));
}

/** The parameter combinations that pick what a node returns: resource × operation, or the trigger's events. */
function discriminators(node: PackageNode): INodeParameters[] {
	const properties = node.type.description.properties;
	const resource = properties.find((p) => p.name === 'resource');
	if (resource) {
		return optionValues(resource).flatMap((value) => {
			const operation = properties.find(
				(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(value),
			);
			if (!operation) throw new Error(`${node.name}: resource "${value}" has no Operation parameter`);
			return optionValues(operation).map((op) => ({ resource: value, operation: op }));
		});
	}
	const event = properties.find((p) => p.name === 'event');
	if (event) return optionValues(event).map((value) => ({ event: value }));
	throw new Error(`${node.name}: neither resource/operation nor event: teach test/schemas/targets.ts its layout`);
}

/** The operation key of a parameter set: `resource/operation` or the event. */
export function operationKey(parameters: INodeParameters): string {
	if (parameters.resource !== undefined) return `${String(parameters.resource)}/${String(parameters.operation)}`;
	return String(parameters.event);
}

/** `''` for the default output, `simplify-true` when a reshaping option is set to its non-default value. */
export function variantOf(node: PackageNode, parameters: INodeParameters): string {
	const description = node.type.description;
	const variants = RESHAPING_OPTIONS.flatMap((name) => {
		const property = description.properties.find(
			(p) => p.name === name && NodeHelpers.displayParameter(parameters, p, { typeVersion: versionOf(node) }, description),
		);
		if (!property || parameters[name] === undefined || parameters[name] === property.default) return [];
		return [`${name}-${String(parameters[name])}`];
	});
	return variants.join('.');
}

function fileOf(node: PackageNode, operation: string, variant: string, version = versionOf(node)): string {
	const name = variant ? `${operation}.${variant}` : operation;
	return posix.join(node.folder, '__schema__', `v${padVersion(version)}`, `${name}.json`);
}

/** Every schema the nodes' descriptions call for. */
export function schemaTargets(nodes = packageNodes()): SchemaTarget[] {
	return nodes.flatMap((node) =>
		discriminators(node).flatMap((parameters) => {
			const operation = operationKey(parameters);
			const variants = [''];
			for (const name of RESHAPING_OPTIONS) {
				const property = node.type.description.properties.find(
					(p) =>
						p.name === name &&
						NodeHelpers.displayParameter(parameters, p, { typeVersion: versionOf(node) }, node.type.description),
				);
				if (property) variants.push(variantOf(node, { ...parameters, [name]: !property.default }));
			}
			return variants.map((variant) => ({ node: node.name, operation, variant, file: fileOf(node, operation, variant) }));
		}),
	);
}

/**
 * Schema files that repeat another one:
 * - n8n reads a node without resource/operation (the trigger) from `v<X.Y.Z>/output.json`: there it is the
 *   output of the node's default parameters (its default event, Simplify off);
 * - a node with several versions has the same schemas in each version's folder (Datatruck 1 and 1.1 differ in
 *   Driver › Update's form and in its output, `{id, detail}` or the driver as saved: its schema, inferred from the
 *   cases of both versions, holds both, and no field is required).
 */
export function aliasFiles(nodes = packageNodes()): Array<{ file: string; sameAs: SchemaTarget }> {
	const targets = schemaTargets(nodes);
	const outputs = nodes
		.filter((node) => !node.type.description.properties.some((p) => p.name === 'resource'))
		.map((node) => {
			const event = node.type.description.properties.find((p) => p.name === 'event')!;
			const sameAs = targets.find((t) => t.node === node.name && t.operation === String(event.default) && !t.variant)!;
			return { file: posix.join(posix.dirname(sameAs.file), 'output.json'), sameAs };
		});
	const otherVersions = nodes.flatMap((node) =>
		versionsOf(node)
			.filter((version) => version !== versionOf(node))
			.flatMap((version) =>
				targets
					.filter((t) => t.node === node.name)
					.map((sameAs) => ({ file: fileOf(node, sameAs.operation, sameAs.variant, version), sameAs })),
			),
	);
	return [...outputs, ...otherVersions];
}
