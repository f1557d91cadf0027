// npm scripts must run on the Node 24 that the "node" devDependency installs; a skipped preinstall
// silently falls back to the machine's Node 20, which lacks node:sqlite and type stripping.
const major = Number(process.versions.node.split('.')[0]);
if (major !== 24) {
  console.error(
    `Pathbuilder needs Node 24, but this is Node ${process.versions.node}. Run "npm ci" (it installs Node 24 into node_modules/.bin).`,
  );
  process.exit(1);
}
