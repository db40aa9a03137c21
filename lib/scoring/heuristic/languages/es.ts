// Spanish. Gherkin keywords from Gherkin's gherkin-languages.json ("es"; MIT licence, Cucumber Ltd). The other
// lists were written for this project from the template as Spanish-speaking teams write it ("Como <rol>, quiero
// <objetivo> para <beneficio>") and from Spanish issue templates.
import { heading, type LanguageWords } from "./types";

const NOT_VERBS = new Set(["lugar", "hogar", "par", "mar", "bar", "mujer", "poder", "placer", "taller", "alquiler", "menor", "mayor",
  "mejor", "peor", "color", "valor", "error", "usuario", "anterior", "posterior", "exterior", "interior", "superior", "inferior",
  "proveedor", "servidor", "editor", "gestor", "conductor", "profesor", "administrador", "contador", "buscador", "navegador",
  "calendar", "estar", "ser"]);

export const es: LanguageWords = {
  code: "es",
  template: "Como <rol>, quiero <objetivo> para <beneficio>",
  roleExample: "Como <rol>",
  meansExample: "quiero",
  endsExample: "para <beneficio>",
  role: /^(?:como)\s+(?:(?:un|una|el|la)\s+)?/iu,
  means: ["yo quiero poder", "quiero poder", "yo quiero", "quiero", "me gustaría poder", "me gustaría", "quisiera", "deseo",
    "necesito", "yo necesito", "yo puedo", "puedo", "debo", "queremos", "necesitamos", "podemos"],
  ends: ["para que", "para poder", "con el fin de", "a fin de", "de modo que", "de manera que", "de forma que", "así"],
  weakEnds: ["para"],
  conjunctions: ["y", "e", "o", "u", "así como"],
  determiners: ["el", "la", "los", "las", "un", "una", "unos", "unas", "mi", "mis", "su", "sus", "nuestro", "nuestra", "nuestros",
    "nuestras", "este", "esta", "estos", "estas", "cada", "todos", "todas", "del", "al"],
  infinitive: (lower) => /(?:ar|er|ir|ír)(?:la|lo|las|los|le|les|me|se)?$/.test(lower) && lower.length > 3 && !NOT_VERBS.has(lower),
  verbPosition: "first",
  vague: ["rápido", "rápida", "rápidamente", "fácil", "fácilmente", "sencillo", "sencilla", "simple", "intuitivo", "intuitiva",
    "amigable", "moderno", "moderna", "flexible", "eficiente", "eficientemente", "seguro", "segura", "adecuado", "adecuada",
    "apropiado", "apropiada", "óptimo", "óptima", "bonito", "bonita", "mejor", "cómodo", "cómoda", "robusto", "fiable"],
  loopholes: ["si es posible", "si fuera posible", "si es necesario", "en su caso", "cuando sea necesario", "etc.", "etc",
    "y demás", "entre otros", "eventualmente"],
  concessive: ["aunque", "a pesar de", "pese a", "incluso si"],
  solution: ["base de datos", "tabla", "columna", "botón", "desplegable", "ventana emergente", "cola"],
  gherkin: { given: ["Dado", "Dada", "Dados", "Dadas"], when: ["Cuando"], then: ["Entonces"], and: ["Y", "E"], but: ["Pero"] },
  observable: /(?<![\p{L}])(?:muestra|muestran|mostrado|mostrada|aparece|aparecen|ve|veo|ven|recibe|recibo|reciben|guardado|guardada|enviado|enviada|rechazado|rechazada|aceptado|aceptada|contiene|redirige|redirigido|descargado|exportado|eliminado|eliminada|creado|creada|actualizado|actualizada|debe|deben|puede|pueden|no puede|es|son)(?![\p{L}])/iu,
  sections: [
    ["out_of_scope", heading("fuera de alcance|fuera del alcance|no incluido|exclusiones")],
    ["steps", heading("pasos para reproducir|pasos de reproducción|pasos|reproducción|cómo reproducir")],
    ["expected", heading("resultado esperado|comportamiento esperado|esperado")],
    ["actual", heading("resultado actual|resultado obtenido|comportamiento actual|comportamiento observado|resultado observado|mensaje de error|descripción del error|descripción del problema")],
    ["environment", heading("entorno|ambiente|versión|versiones|navegador|dispositivo|sistema operativo|plataforma")],
    ["impact", heading("impacto|gravedad|severidad|prioridad|usuarios afectados|afectados|urgencia|frecuencia")],
    ["done", heading("terminado cuando|hecho cuando|definición de terminado|definición de hecho|definition of done|criterios de aceptación|criterios de éxito|lista de verificación")],
    ["timebox", heading("duración|tiempo máximo|timebox|plazo|esfuerzo")],
    ["question", heading("preguntas|pregunta|hipótesis|incógnitas")],
    ["output", heading("entregable|entregables|resultado|resultados|conclusiones")],
    ["breakdown", heading("historias|historias de usuario|subtareas|tareas|hitos|fases")],
    ["scope", heading("alcance|incluye")],
    ["why", heading("por qué|contexto|motivación|problema|objetivo|objetivos|propósito|valor|beneficio|beneficios|justificación")],
  ],
  failure: /(?<![\p{L}])(?:fallo|falla|error|errores|se bloquea|se cuelga|no funciona|no hace nada|no responde|no carga|roto|rota|nunca llega|incorrecto|incorrecta)(?![\p{L}])/iu,
};
