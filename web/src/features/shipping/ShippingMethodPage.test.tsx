import type { TShippingMethod } from '@livecart/contract/shipping';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, mockApi, sentJson } from '../../test/fetch';
import { currentLocation, makeUser, renderWithApp } from '../../test/render';
import ShippingMethodPage from './ShippingMethodPage';

afterEach(() => vi.unstubAllGlobals());

const admin = makeUser({ role_id: 3 });

const method = (patch: Partial<TShippingMethod> = {}): TShippingMethod => ({
  id: 4,
  name: 'Colissimo',
  logo: null,
  status: true,
  countries: [],
  sellers: 0,
  ...patch,
});

const page = (
  <Routes>
    <Route path="/shipping/add-method" element={<ShippingMethodPage />} />
    <Route path="/shipping/edit/:id" element={<ShippingMethodPage />} />
    <Route path="/shipping/list" element={<p>list</p>} />
  </Routes>
);

function chooseLogo(file: File) {
  const input = screen.getByTestId('shipping-logo').querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

const sized = (file: File, size: number) => {
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe("admin's shipping method form (SPEC §2 Add Method, §8)", { timeout: 60_000 }, () => {
  it('creates a method by name alone as JSON, then goes back to the list', async () => {
    const sent: unknown[] = [];
    mockApi({
      'POST /api/shipping/create': (init: RequestInit) => {
        sent.push(sentJson(init));
        return { success: true, item: method({ name: 'DPD' }) };
      },
    });
    const { container } = renderWithApp(page, { route: '/shipping/add-method', user: admin });
    fireEvent.change(await screen.findByTestId('shipping-name'), { target: { value: 'DPD' } });
    fireEvent.click(screen.getByTestId('shipping-save'));
    await waitFor(() => expect(sent).toEqual([{ name: 'DPD' }]));
    expect((await screen.findByTestId('toast-success')).textContent).toContain('Mode de livraison créé');
    await waitFor(() => expect(currentLocation(container)).toBe('/shipping/list'));
  });

  it('refuses a logo of the wrong type or over 1 MB before sending; "Shipping already exists" under the name', async () => {
    let posts = 0;
    mockApi({
      'POST /api/shipping/create': () => {
        posts++;
        return errorResponse(409, 'shipping_exists', 'Shipping already exists');
      },
    });
    renderWithApp(page, { route: '/shipping/add-method', user: admin });
    fireEvent.change(await screen.findByTestId('shipping-name'), { target: { value: 'Colissimo' } });
    chooseLogo(new File(['x'], 'logo.gif', { type: 'image/gif' }));
    expect(await screen.findByText('Images PNG, JPG, WebP ou SVG uniquement')).toBeTruthy();
    fireEvent.click(screen.getByTestId('shipping-save'));
    chooseLogo(sized(new File(['x'], 'logo.png', { type: 'image/png' }), 2 * 1024 * 1024));
    expect(await screen.findByText('Le fichier est trop volumineux')).toBeTruthy();
    fireEvent.click(screen.getByTestId('shipping-save'));
    await new Promise((r) => setTimeout(r, 50));
    expect(posts).toBe(0);

    // a good logo: the save is sent, and the duplicate name shows under the field
    chooseLogo(new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    fireEvent.click(screen.getByTestId('shipping-save'));
    await waitFor(() => expect(posts).toBe(1));
    expect((await screen.findAllByText('Ce mode de livraison existe déjà')).length).toBeGreaterThan(0);
  });

  it('edits a method: its name loaded, a new logo sent as multipart', async () => {
    const sent: { name: unknown; logo: string }[] = [];
    mockApi({
      'GET /api/shipping/fetch/4': { item: method({ logo: '/files/shipping/old.png' }) },
      'POST /api/shipping/update/4': (init: RequestInit) => {
        const data = init.body as FormData;
        sent.push({ name: data.get('name'), logo: (data.get('logo') as File).name });
        return { success: true, item: method({ name: 'Colissimo Expert' }) };
      },
    });
    const { container } = renderWithApp(page, { route: '/shipping/edit/4', user: admin });
    const name = (await screen.findByTestId('shipping-name')) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Colissimo'));
    fireEvent.change(name, { target: { value: 'Colissimo Expert' } });
    chooseLogo(new File(['png'], 'new.png', { type: 'image/png' }));
    fireEvent.click(screen.getByTestId('shipping-save'));
    await waitFor(() => expect(sent).toEqual([{ name: 'Colissimo Expert', logo: 'new.png' }]));
    expect((await screen.findByTestId('toast-success')).textContent).toContain('Mode de livraison modifié');
    await waitFor(() => expect(currentLocation(container)).toBe('/shipping/list'));
  });
});
