// altcha ships its Spanish (Spain) translation without a type declaration; it only registers strings when imported.
declare module 'altcha/i18n/es-es';
