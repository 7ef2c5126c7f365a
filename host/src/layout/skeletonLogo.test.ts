import { keepSkeletonLogo, logoSource } from './skeletonLogo';

const INLINE = 'data:image/svg+xml;base64,PHN2Zy8+';

function page(image: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = `<div class="sk"><div class="sk-bar">${image}</div></div>`;
  return root;
}

describe('the logo the page carries', () => {
  it('is shown for the address it stands for, and only for that one', () => {
    keepSkeletonLogo(page(`<img class="sk-logo" src="${INLINE}" data-src="/brand/logo.svg">`));
    expect(logoSource('/brand/logo.svg')).toBe(INLINE);
    expect(logoSource('/brand/other.svg')).toBe('/brand/other.svg');
  });

  it('is not kept when the skeleton links the logo or has none', () => {
    keepSkeletonLogo(page('<img class="sk-logo" src="/brand/logo.svg" alt="">'));
    expect(logoSource('/brand/logo.svg')).toBe('/brand/logo.svg');
    keepSkeletonLogo(page('<img class="sk-logo" src="https://x.example/l.svg" data-src="/l.svg">'));
    expect(logoSource('/l.svg')).toBe('/l.svg');
    keepSkeletonLogo(page('<span class="sk-name">Taxi</span>'));
    expect(logoSource('/brand/logo.svg')).toBe('/brand/logo.svg');
  });
});
