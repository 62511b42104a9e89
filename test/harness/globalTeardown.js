'use strict';
/** After the last file: removes the folder globalSetup.js made, with every worker's n8n user folder in it. */
const fs = require('fs');

module.exports = async function globalTeardown() {
	const folder = process.env.DATATRUCK_TEST_FOLDERS;
	if (folder) fs.rmSync(folder, { recursive: true, force: true });
};
