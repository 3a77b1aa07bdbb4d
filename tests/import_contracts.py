"""An import-linter contract of our own (pyproject.toml's `contract_types`): a package reached only
through its public face.

`public_face`: every module under `importers` that imports a module of `package` directly imports
one of `public_modules` (the package itself counts when listed); the package's other modules are its
inside. import-linter's own `protected` contract protects named modules; this one protects every
module of a package but the named ones, so a module added inside the referee is private by default.
"""

from __future__ import annotations

from grimp import ImportGraph
from importlinter import Contract, ContractCheck, fields, output


class PublicFaceContract(Contract):
    type_name = "public_face"

    package = fields.StringField()
    public_modules = fields.ListField(subfield=fields.StringField())
    importers = fields.ListField(subfield=fields.StringField())

    def check(self, graph: ImportGraph, verbose: bool) -> ContractCheck:
        package = str(self.package)
        public = {str(m) for m in self.public_modules}  # type: ignore[attr-defined]
        inside = {package, *graph.find_descendants(package)} - public
        importers: set[str] = set()
        for importer in self.importers:  # type: ignore[attr-defined]
            importers |= {str(importer), *graph.find_descendants(str(importer))}
        broken = []
        for importer in sorted(importers):
            for imported in sorted(graph.find_modules_directly_imported_by(importer) & inside):
                for detail in graph.get_import_details(importer=importer, imported=imported):
                    broken.append((importer, imported, detail["line_number"]))
        return ContractCheck(kept=not broken, metadata={"broken": broken, "public": sorted(public)})

    def render_broken_contract(self, check: ContractCheck) -> None:
        output.print(f"Reach {self.package} only through: {', '.join(check.metadata['public'])}.")
        for importer, imported, line in check.metadata["broken"]:
            output.print_error(f"{importer} imports {imported} (l.{line})")
        output.new_line()
