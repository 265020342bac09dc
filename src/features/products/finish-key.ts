/** A finish as forms and stored requests name it: `<product slug>/<finish id>`, e.g. `felt-panels/moss`. */
export const FINISH_KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*\/[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const finishKey = (product: string, finish: string) => `${product}/${finish}`;
