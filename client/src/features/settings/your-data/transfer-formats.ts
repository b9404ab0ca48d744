// The file formats of Settings > Your data, loaded only when an export or import starts (they bring
// the zip and YAML libraries).
export { notesToMarkdownZip, readPickedFiles, type PickedFile } from './notes-archive';
export { notesToJson } from './notes-json';
