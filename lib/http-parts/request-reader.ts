/**
 * Reads a request body that is not JSON (a form Twilio signed, an upload's bytes): a route names one with its `read`
 * option instead of a `body` schema, and its result joins the input. `mediaType` describes the body in the OpenAPI
 * document.
 */
export interface RequestReader<X> {
  mediaType: string;
  read: (request: Request) => Promise<X>;
}

/** A file's bytes as they arrive, with the type and length the request declares (local storage uploads). */
export interface Upload {
  contentType: string | null;
  declaredBytes: number;
  bytes: ReadableStream<Uint8Array> | null;
}

export const uploadedFile: RequestReader<{ upload: Upload }> = {
  mediaType: '*/*',
  read: async (request) => ({
    upload: {
      contentType: request.headers.get('content-type'),
      declaredBytes: Number(request.headers.get('content-length') ?? 0),
      bytes: request.body,
    },
  }),
};
