/** "About Us | Aural Acoustics"; the home page gets "Aural Acoustics | Aesthetically Sound Solutions". */
export function pageTitle(title: string | undefined, siteName: string, slogan: string): string {
  const clean = title?.trim();
  return clean ? `${clean} | ${siteName}` : `${siteName} | ${slogan}`;
}
