import type {
  TCsvProblem,
  TImportResult,
  TProductAdditional,
  TProductList,
  TProductListItem,
  TProductResponse,
} from '@livecart/contract/products';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../lib/api';
import { type ListParams, toApiQuery } from '../../lib/listParams';
import type { toProductBody } from './grid';

export type TProductRow = TProductListItem;
export type TProductSaveBody = ReturnType<typeof toProductBody>;

/** Products list defaults (SPEC §9: newest first). */
export const PRODUCTS_DEFAULTS = { column: 'created_at', sort: 'DESC' } as const;

export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (params: ListParams) => [...productKeys.lists(), params] as const,
  detail: (id: number) => [...productKeys.all, 'detail', id] as const,
  additional: () => [...productKeys.all, 'additional'] as const,
};

export function useProducts(params: ListParams) {
  return useQuery({
    queryKey: productKeys.list(params),
    queryFn: ({ signal }) => api.get<TProductList>('/fetch-products', toApiQuery(params), { signal }),
    placeholderData: (prev) => prev,
  });
}

/** Colours, sizes, materials, styles and the price and quantity bounds of the filters. */
export function useProductAdditional() {
  return useQuery({
    queryKey: productKeys.additional(),
    queryFn: ({ signal }) => api.get<TProductAdditional>('/products/fetch-additional', undefined, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useProduct(id: number | undefined) {
  return useQuery({
    queryKey: productKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<TProductResponse>(`/fetch-product/${id}`, undefined, { signal }),
    select: (r) => r.product,
    enabled: id !== undefined,
  });
}

/** After a change to products: the lists, the filter bounds and (when given) one product. */
function useInvalidate() {
  const qc = useQueryClient();
  return (product?: TProductResponse['product']) => {
    void qc.invalidateQueries({ queryKey: productKeys.lists() });
    void qc.invalidateQueries({ queryKey: productKeys.additional() });
    if (product) qc.setQueryData(productKeys.detail(product.id), { product });
  };
}

/** Creates or (with an id) updates a product. Field errors are shown on the form, not as a toast. */
export function useSaveProduct() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: TProductSaveBody) => api.post<TProductResponse>('/product', body),
    onSuccess: ({ product }) => invalidate(product),
  });
}

export function useDeleteProducts() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (ids: number[]) =>
      ids.length === 1
        ? api.delete<unknown>(`/products/delete/${ids[0]}`)
        : api.post<unknown>('/products/bulk-delete', { ids }),
    onSuccess: () => invalidate(),
  });
}

export function useCopyProducts() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (ids: number[]) =>
      ids.length === 1
        ? api.get<{ productIds: number[] }>(`/products/copy/${ids[0]}`)
        : api.post<{ productIds: number[] }>('/products/bulk-copy', { ids }),
    onSuccess: () => invalidate(),
  });
}

export function useUploadProductPhotos(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (files: File[]) => {
      const data = new FormData();
      for (const f of files) data.append('files', f);
      return api.upload<TProductResponse>(`/products/photos/${id}`, data);
    },
    onSuccess: ({ product }) => invalidate(product),
  });
}

/** A photo that could not be added to a product: its file name and the reason (an API error). */
export interface PhotoFailure {
  name: string;
  code: string;
  message: string;
  params?: Record<string, string | number>;
}

/**
 * Adds the photos chosen while the product was being created, once it exists: one upload per
 * file, so a refused file (wrong type, too large, limit reached, network) is reported alone and
 * the others are still added. Failures are answered, not thrown: the product is saved either way.
 */
export function useAddPhotosOneByOne() {
  const invalidate = useInvalidate();
  return useMutation({
    meta: { silent: true },
    mutationFn: async ({ id, files }: { id: number; files: File[] }) => {
      let product: TProductResponse['product'] | undefined;
      const failures: PhotoFailure[] = [];
      for (const file of files) {
        const data = new FormData();
        data.append('files', file);
        try {
          ({ product } = await api.upload<TProductResponse>(`/products/photos/${id}`, data));
        } catch (e) {
          failures.push({
            name: file.name,
            code: isApiError(e) ? e.code : 'internal',
            message: e instanceof Error ? e.message : String(e),
            ...(isApiError(e) && e.params && { params: e.params }),
          });
        }
      }
      return { product, failures };
    },
    onSuccess: ({ product }) => invalidate(product),
  });
}

export function useOrderProductPhotos(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (photoIds: number[]) =>
      api.post<TProductResponse>(`/products/photos-order/${id}`, { photoIds }),
    onSuccess: ({ product }) => invalidate(product),
  });
}

export function useDeleteProductPhoto(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (photoId: number) => api.post<TProductResponse>(`/products/photo-delete/${id}`, { photoId }),
    onSuccess: ({ product }) => invalidate(product),
  });
}

/**
 * POST products/import; a bad file's row-by-row report is in `csvReport(error)`. Failures are
 * shown in the import modal, not as a toast.
 */
export function useImportProducts() {
  const invalidate = useInvalidate();
  return useMutation({
    meta: { silent: true },
    mutationFn: (file: File) => {
      const data = new FormData();
      data.append('file', file);
      return api.upload<TImportResult>('/products/import', data);
    },
    onSuccess: () => invalidate(),
  });
}

/** The report of a `csv_invalid` answer, or null for any other failure. */
export function csvReport(error: unknown): TCsvProblem[] | null {
  if (!isApiError(error) || error.code !== 'csv_invalid') return null;
  const report = (error.body as { report?: TCsvProblem[] } | undefined)?.report;
  return Array.isArray(report) ? report : [];
}

/** The address of the example import file (the CSV guide links it too). */
export { CSV_EXAMPLE_URL } from '../../site/guides/csvExample';
