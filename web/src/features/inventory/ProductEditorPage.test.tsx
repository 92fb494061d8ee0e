import type { TProduct, TProductPhoto } from '@livecart/contract/products';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, mockApi } from '../../test/fetch';
import { currentLocation, makeUser, renderWithApp } from '../../test/render';
import ProductEditorPage from './ProductEditorPage';

beforeEach(() => {
  // jsdom has no object URLs: the previews get stand-ins
  let n = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => `blob:preview-${++n}`, revokeObjectURL: vi.fn() }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const red = { id: 3, code: 'red', name_fr: 'Rouge', name_en: 'Red', hex: '#f00' };
const additional = {
  colors: [red],
  sizes: [],
  sizesTable: { letters: [], eu: [], shoes: [], one_size: [] },
  materials: [],
  styles: [],
  tags: [],
  priceRange: { min: 0, max: 0 },
  qtyRange: { min: 0, max: 0 },
};

const photo = (id: number): TProductPhoto => ({
  id,
  url: `/api/files/products/p${id}.png`,
  thumb_url: `/api/files/products/p${id}-thumb.webp`,
  position: id,
  source: 'upload',
});

const product = (photos: TProductPhoto[]): TProduct => ({
  id: 42,
  name: 'Robe rouge',
  description: '',
  isPublish: false,
  configured: false,
  keywords: '',
  price: 25,
  quantity: 4,
  sku: 'ROBE1',
  style: null,
  material: null,
  selectedColors: [3],
  selectedSizes: [],
  colors: [red],
  sizes: [],
  configurations: [{ id: 7, color_id: 3, size_id: null, price: 25, sku: 'ROBE1', quantity: 4 }],
  photos,
  tags: [],
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
});

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

const editor = (
  <Routes>
    <Route path="/inventory/new" element={<ProductEditorPage />} />
    <Route path="/inventory/:id" element={<ProductEditorPage />} />
  </Routes>
);

/** Drops files on the photos' drop zone. */
function drop(files: File[]) {
  const input = screen.getByTestId('product-photos').querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files } });
}

/** Fills the simple product's required fields. */
async function fillProduct() {
  fireEvent.change(screen.getByTestId('product-name-input'), { target: { value: 'Robe rouge' } });
  fireEvent.mouseDown(screen.getByTestId('product-color').querySelector('input') as HTMLInputElement);
  fireEvent.click(await screen.findByTitle('Rouge'));
  fireEvent.change(screen.getByTestId('product-price'), { target: { value: '25' } });
  fireEvent.change(screen.getByTestId('product-sku'), { target: { value: 'ROBE1' } });
  fireEvent.change(screen.getByTestId('product-quantity'), { target: { value: '4' } });
}

describe('screens #8: photos can be added while creating a product', { timeout: 60_000 }, () => {
  it('keeps the chosen photos with previews, refuses a wrong file at once, and adds them right after creating', async () => {
    const uploads: string[] = [];
    let saved: TProduct | null = null;
    mockApi({
      'GET /api/products/fetch-additional': additional,
      'POST /api/product': () => {
        saved = product([]);
        return { product: saved };
      },
      'POST /api/products/photos/42': (init: RequestInit) => {
        const file = (init.body as FormData).get('files') as File;
        uploads.push(file.name);
        saved = product(uploads.map((_, i) => photo(i + 1)));
        return { product: saved };
      },
      'GET /api/fetch-product/42': () => ({ product: saved }),
    });
    const { container } = renderWithApp(editor, { route: '/inventory/new', user: makeUser() });
    await screen.findByTestId('product-editor');
    drop([png('face.png'), new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }), png('dos.png')]);

    const pending = await screen.findAllByTestId('photo-pending');
    expect(pending.map((p) => within(p).getByTestId('photo-pending-name').textContent)).toEqual([
      'face.png',
      'dos.png',
    ]);
    expect(pending[0].querySelector('img')?.getAttribute('src')).toMatch(/^blob:preview-/);
    expect(screen.getByTestId('photos-refused').textContent).toContain(
      'anim.gif : Une photo de produit doit être une image .jpg, .png ou .webp',
    );
    // the back photo first: it will be the main one
    fireEvent.click(within(pending[1]).getByTestId('photo-pending-up'));
    await waitFor(() =>
      expect(screen.getAllByTestId('photo-pending-name').map((n) => n.textContent)).toEqual([
        'dos.png',
        'face.png',
      ]),
    );

    await fillProduct();
    fireEvent.click(screen.getByTestId('product-save'));
    await waitFor(() => expect(currentLocation(container)).toBe('/inventory/42'));
    expect(uploads).toEqual(['dos.png', 'face.png']);
    expect(await screen.findAllByTestId('photo-item')).toHaveLength(2);
    expect(screen.queryByTestId('photo-upload-failures')).toBeNull();
  });

  it('a photo the server refuses is shown on the product, which is created all the same with the others', async () => {
    const uploads: string[] = [];
    let saved: TProduct | null = null;
    mockApi({
      'GET /api/products/fetch-additional': additional,
      'POST /api/product': () => {
        saved = product([]);
        return { product: saved };
      },
      'POST /api/products/photos/42': (init: RequestInit) => {
        const file = (init.body as FormData).get('files') as File;
        if (file.name === 'faux.png')
          return errorResponse(
            400,
            'product_photo_type',
            'Une photo de produit doit être une image .jpg, .png ou .webp',
          );
        uploads.push(file.name);
        saved = product(uploads.map((_, i) => photo(i + 1)));
        return { product: saved };
      },
      'GET /api/fetch-product/42': () => ({ product: saved }),
    });
    const { container } = renderWithApp(editor, { route: '/inventory/new', user: makeUser() });
    await screen.findByTestId('product-editor');
    drop([png('faux.png'), png('vraie.png')]);
    await screen.findAllByTestId('photo-pending');
    await fillProduct();
    fireEvent.click(screen.getByTestId('product-save'));

    await waitFor(() => expect(currentLocation(container)).toBe('/inventory/42'));
    const failures = await screen.findByTestId('photo-upload-failures');
    expect(failures.textContent).toContain(
      "Le produit a été créé, mais 1 photo n'a pas pu être ajoutée : ajoutez-la à nouveau ci-dessous.",
    );
    expect(failures.textContent).toContain(
      'faux.png : Une photo de produit doit être une image .jpg, .png ou .webp',
    );
    expect(uploads).toEqual(['vraie.png']);
    expect(await screen.findAllByTestId('photo-item')).toHaveLength(1);
    // the drop zone is there to try again
    expect(screen.getByTestId('photo-dragger')).toBeTruthy();
  });

  it('no more than 10 photos, links included', async () => {
    mockApi({ 'GET /api/products/fetch-additional': additional });
    renderWithApp(editor, { route: '/inventory/new', user: makeUser() });
    await screen.findByTestId('product-editor');
    drop(Array.from({ length: 11 }, (_, i) => png(`p${i + 1}.png`)));
    expect(await screen.findAllByTestId('photo-pending')).toHaveLength(10);
    expect(screen.getByTestId('photos-refused').textContent).toContain(
      'p11.png : Un produit peut avoir au plus 10 photos',
    );
  });
});
