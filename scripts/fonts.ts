// `npm run fonts`: makes the Inter subsets the generator ships (src/assets/fonts/), after Inter or a subset's
// ranges, weights or features changed. tests/unit/assets/fonts.test.ts says when that is due.
import { SHIPPED_FONTS, writeShippedFonts } from '../src/assets/fonts.ts';

await writeShippedFonts();
console.log(`wrote the Inter subsets into ${SHIPPED_FONTS}`);
