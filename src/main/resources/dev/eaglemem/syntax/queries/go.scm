; Go: declarations, imports and calls for dev.eaglemem.syntax (capture vocabulary: TreeReader).

(type_spec name: (type_identifier) @name type: (struct_type)) @def.struct
(type_spec name: (type_identifier) @name type: (interface_type)) @def.interface
(type_spec name: (type_identifier) @name) @def.type
(type_alias name: (type_identifier) @name) @def.type
(function_declaration name: (identifier) @name) @def.function
(method_declaration
  receiver: (parameter_list (parameter_declaration type: (_) @receiver))
  name: (field_identifier) @name) @def.method
(interface_type (method_elem name: (field_identifier) @name) @def.method.signature)
(source_file (const_declaration (const_spec name: (identifier) @name) @def.constant))

(import_spec path: (_) @import)
(import_declaration) @preamble
(package_clause) @preamble

(call_expression function: (identifier) @call)
(call_expression function: (selector_expression field: (field_identifier) @call))

(ERROR) @error
