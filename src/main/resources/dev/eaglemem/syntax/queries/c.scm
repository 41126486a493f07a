; C, and C++ (with cpp.scm): declarations, imports and calls for dev.eaglemem.syntax (capture vocabulary: TreeReader).

; typedef struct { … } cart_t; names the struct; a named struct keeps its own name.
(type_definition type: (struct_specifier !name body: (_)) declarator: (type_identifier) @name) @def.struct
(type_definition type: (union_specifier !name body: (_)) declarator: (type_identifier) @name) @def.struct
(type_definition type: (enum_specifier !name body: (_)) declarator: (type_identifier) @name) @def.enum
(type_definition type: (_ !body) declarator: (type_identifier) @name) @def.type
(struct_specifier name: (type_identifier) @name body: (_)) @def.struct
(union_specifier name: (type_identifier) @name body: (_)) @def.struct
(enum_specifier name: (type_identifier) @name body: (_)) @def.enum
; int f(…), char *f(…), char **f(…)
(function_definition declarator: (function_declarator declarator: (_) @name)) @def.function
(function_definition
  declarator: (pointer_declarator declarator: (function_declarator declarator: (_) @name))) @def.function
(function_definition
  declarator: (pointer_declarator
    declarator: (pointer_declarator declarator: (function_declarator declarator: (_) @name)))) @def.function
(preproc_def name: (identifier) @name value: (_)) @def.constant
(translation_unit
  (declaration (type_qualifier) declarator: (init_declarator declarator: (identifier) @name)) @def.constant)

(preproc_include path: (_) @import) @preamble
; Include guards and pragmas: lines that only steer the preprocessor.
(preproc_def !value) @preamble
(preproc_call) @preamble
(preproc_ifdef name: (identifier) @preamble)
(preproc_ifdef "#endif" @preamble)

(call_expression function: (identifier) @call)
(call_expression function: (field_expression field: (field_identifier) @call))

(ERROR) @error
