; C#: declarations, imports and calls for dev.eaglemem.syntax (capture vocabulary: TreeReader).
; Namespaces name no declaration and qualify none: like Java packages (the namespace line is not chunked).

(class_declaration name: (identifier) @name) @def.class
(record_declaration name: (identifier) @name) @def.record
(struct_declaration name: (identifier) @name) @def.struct
(interface_declaration name: (identifier) @name) @def.interface
(enum_declaration name: (identifier) @name) @def.enum
(delegate_declaration name: (identifier) @name) @def.type
(method_declaration !body name: (identifier) @name) @def.method.signature
(method_declaration name: (identifier) @name) @def.method
(constructor_declaration name: (identifier) @name) @def.method
(local_function_statement name: (identifier) @name) @def.function
(field_declaration
  (modifier "const")
  (variable_declaration (variable_declarator name: (identifier) @name))) @def.constant

(using_directive) @import.statement @preamble
(namespace_declaration name: (_) @preamble)
(file_scoped_namespace_declaration) @preamble

(invocation_expression function: (identifier) @call)
(invocation_expression function: (generic_name (identifier) @call))
(invocation_expression function: (member_access_expression name: [(identifier) @call (generic_name (identifier) @call)]))
(object_creation_expression type: [(identifier) @call (generic_name (identifier) @call)])

(ERROR) @error
