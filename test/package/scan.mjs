// Runs the lint of n8n's verification scanner, from its published package @n8n/scan-community-package,
// on a local checkout and an unpacked tarball, and prints the results as JSON.
//
//   node test/package/scan.mjs <source dir> <unpacked tarball dir>
//
// For a verification, the scanner (analyzePackageByName) checks the npm provenance of a published version,
// downloads the source the provenance names and the tarball from npm, and lints both with analyzePackage:
// the source with SOURCE_FILE_PATTERNS (package.json, nodes/, credentials/), the tarball's compiled
// JavaScript and package.json. Here the same exported analyzePackage lints the same two targets, taken
// from this checkout and from the tarball `npm pack` has just made, with no network.
import { analyzePackage, SOURCE_FILE_PATTERNS } from '@n8n/scan-community-package/scanner/scanner.mjs';

const DIST_FILE_PATTERNS = ['**/*.js', 'package.json'];

const [sourceDir, packageDir] = process.argv.slice(2);
if (!sourceDir || !packageDir) {
	console.error('usage: node test/package/scan.mjs <source dir> <unpacked tarball dir>');
	process.exit(2);
}

const strip = ({ passed, message, details }) => ({ passed, message, details });
const source = strip(await analyzePackage(sourceDir, SOURCE_FILE_PATTERNS));
const dist = strip(await analyzePackage(packageDir, DIST_FILE_PATTERNS));
process.stdout.write(JSON.stringify({ sourcePatterns: SOURCE_FILE_PATTERNS, distPatterns: DIST_FILE_PATTERNS, source, dist }));
