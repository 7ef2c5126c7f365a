import { keepSkeletonLogo, logoPicture } from './logoPicture';

const INLINE = 'data:image/svg+xml;base64,PHN2Zy8+';

function page(image: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = `<div class="sk"><div class="sk-bar">${image}</div></div>`;
  return root;
}

describe('the logo the page carries', () => {
  it('is the picture for the address it stands for, and only for that one', () => {
    const root = page(`<img class="sk-logo" src="${INLINE}" data-src="/brand/logo.svg" alt="">`);
    const inPage = root.querySelector('img');
    keepSkeletonLogo(root);
    const picture = logoPicture('/brand/logo.svg', 'Wisła Taxi');
    expect(picture).toBe(inPage);
    expect(picture).toHaveAttribute('src', INLINE);
    expect(picture).toHaveAttribute('alt', 'Wisła Taxi');
    expect(picture).toHaveClass('sh-logo__image');
    expect(picture).not.toHaveAttribute('data-src');
    expect(logoPicture('/brand/other.svg', 'Wisła Taxi')).toHaveAttribute(
      'src',
      '/brand/other.svg',
    );
  });

  it('is not kept when the skeleton links the logo or has none', () => {
    keepSkeletonLogo(page('<img class="sk-logo" src="/brand/logo.svg" alt="">'));
    expect(logoPicture('/brand/logo.svg', 'Taxi')).toHaveAttribute('src', '/brand/logo.svg');
    keepSkeletonLogo(page('<img class="sk-logo" src="https://x.example/l.svg" data-src="/l.svg">'));
    expect(logoPicture('/l.svg', 'Taxi')).toHaveAttribute('src', '/l.svg');
    keepSkeletonLogo(page('<span class="sk-name">Taxi</span>'));
    expect(logoPicture('/brand/logo.svg', 'Taxi')).toHaveAttribute('src', '/brand/logo.svg');
  });

  it('stays one picture while its address stays, whatever its name', () => {
    keepSkeletonLogo(page('<span class="sk-name">Taxi</span>'));
    const picture = logoPicture('/brand/logo.svg', 'Taxi');
    expect(logoPicture('/brand/logo.svg', 'Taxi Wisła')).toBe(picture);
    expect(picture).toHaveAttribute('alt', 'Taxi Wisła');
  });
});
