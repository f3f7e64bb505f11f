/** A GET of the API with the type of its answer, as a feature's `*-api.ts` module describes it for useApiData. */
export interface ApiQuery<T> {
  readonly path: string;
  /** Never set: it only carries the answer's type. */
  readonly answer?: T;
}

export const apiQuery = <T>(path: string): ApiQuery<T> => ({ path });
