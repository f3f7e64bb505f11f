// licensee (kemitchell) ships no type declarations: the part of its JavaScript API that scripts/check-licences.ts uses.
declare module 'licensee' {
  function licensee(
    configuration: licensee.Configuration,
    path: string,
    callback: (error: Error | null, results: licensee.Result[]) => void,
  ): void;

  namespace licensee {
    /** A package of the installed tree, as @npmcli/arborist loads it. */
    interface InstalledPackage {
      /** Reached only through devDependencies. */
      dev: boolean;
    }

    interface Configuration {
      licenses: { spdx?: string[]; osi?: boolean; blueOak?: string };
      /** Package name → semver range: accepted whatever their licence. */
      packages?: Record<string, string>;
      productionOnly?: boolean;
      filterPackages?: (packages: InstalledPackage[]) => InstalledPackage[];
    }

    interface Result {
      name: string;
      version: string;
      /** Whatever the package declares: an SPDX expression, an old-style object or array, or nothing. */
      license: unknown;
      approved: boolean;
      /** Approved by the `packages` list, not by its licence. */
      package?: boolean;
      path: string;
    }
  }

  export = licensee;
}
