; Rust: declarations, imports and calls for dev.eaglemem.syntax (capture vocabulary: TreeReader).

(struct_item name: (type_identifier) @name) @def.struct
(union_item name: (type_identifier) @name) @def.struct
(enum_item name: (type_identifier) @name) @def.enum
(trait_item name: (type_identifier) @name) @def.trait
(type_item name: (type_identifier) @name) @def.type
(impl_item type: (_) @name) @def.impl
(mod_item name: (identifier) @name body: (declaration_list)) @def.module
(function_item name: (identifier) @name) @def.function
(function_signature_item name: (identifier) @name) @def.function.signature
(source_file [(const_item name: (identifier) @name) (static_item name: (identifier) @name)] @def.constant)

(use_declaration argument: (_) @import.rust) @preamble
; mod x; loads x.rs or x/mod.rs next to this file: an import of that file, by its module name.
(mod_item !body name: (identifier) @import) @preamble
(extern_crate_declaration name: (identifier) @import) @preamble

(call_expression function: (identifier) @call)
(call_expression function: (field_expression field: (field_identifier) @call))
(call_expression function: (scoped_identifier name: (identifier) @call))
(call_expression function: (generic_function function: [
  (identifier) @call
  (field_expression field: (field_identifier) @call)
  (scoped_identifier name: (identifier) @call)]))

(ERROR) @error
