// The command palette's face for app/: the provider that adds the palette and the keyboard shortcuts
// to the signed-in screens, and the hook their buttons open the palette with.
export { PaletteProvider, usePalette, type PaletteControls } from './palette-provider';
