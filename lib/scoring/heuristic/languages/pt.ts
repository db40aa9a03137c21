// Portuguese. Gherkin keywords from Gherkin's gherkin-languages.json ("pt"; MIT licence, Cucumber Ltd). The other
// lists were written for this project from the template as Portuguese-speaking teams write it ("Como <papel>, eu
// quero <objetivo> para que <benefício>") and from Portuguese issue templates.
import { heading, type LanguageWords } from "./types";

const NOT_VERBS = new Set(["lugar", "par", "mar", "bar", "mulher", "poder", "prazer", "aluguer", "menor", "maior", "melhor", "pior",
  "cor", "valor", "erro", "anterior", "posterior", "exterior", "interior", "superior", "inferior", "fornecedor", "servidor",
  "editor", "gestor", "motorista", "professor", "administrador", "navegador", "usuário", "ser", "estar"]);

export const pt: LanguageWords = {
  code: "pt",
  template: "Como <papel>, eu quero <objetivo> para que <benefício>",
  roleExample: "Como <papel>",
  meansExample: "eu quero",
  endsExample: "para que <benefício>",
  role: /^(?:como|enquanto)\s+(?:(?:um|uma|o|a)\s+)?/iu,
  means: ["eu quero poder", "quero poder", "eu quero", "quero", "eu gostaria de", "gostaria de", "eu desejo", "desejo",
    "eu preciso", "preciso", "eu posso", "posso", "eu devo", "devo", "queremos", "precisamos", "podemos"],
  ends: ["para que", "para poder", "a fim de", "de modo que", "de forma que", "de maneira que", "assim"],
  weakEnds: ["para"],
  conjunctions: ["e", "ou", "bem como"],
  determiners: ["o", "a", "os", "as", "um", "uma", "uns", "umas", "meu", "minha", "meus", "minhas", "seu", "sua", "seus", "suas",
    "nosso", "nossa", "nossos", "nossas", "este", "esta", "estes", "estas", "cada", "todos", "todas", "do", "da", "dos", "das", "ao"],
  infinitive: (lower) => /(?:ar|er|ir|or)$/.test(lower) && lower.length > 3 && !NOT_VERBS.has(lower),
  verbPosition: "first",
  vague: ["rápido", "rápida", "rapidamente", "fácil", "facilmente", "simples", "intuitivo", "intuitiva", "amigável", "moderno",
    "moderna", "flexível", "eficiente", "eficientemente", "seguro", "segura", "adequado", "adequada", "apropriado", "apropriada",
    "ótimo", "ótima", "bonito", "bonita", "melhor", "confortável", "robusto", "confiável"],
  loopholes: ["se possível", "se necessário", "caso necessário", "quando necessário", "etc.", "etc", "entre outros",
    "eventualmente"],
  concessive: ["embora", "mesmo que", "apesar de", "ainda que"],
  solution: ["banco de dados", "base de dados", "tabela", "coluna", "botão", "dropdown", "menu suspenso", "janela modal", "fila"],
  gherkin: { given: ["Dado", "Dada", "Dados", "Dadas"], when: ["Quando"], then: ["Então", "Entao"], and: ["E"], but: ["Mas"] },
  observable: /(?<![\p{L}])(?:mostra|mostram|mostrado|mostrada|exibe|exibido|exibida|aparece|aparecem|vê|vejo|veem|recebe|recebo|recebem|salvo|salva|enviado|enviada|rejeitado|rejeitada|aceito|aceita|contém|redireciona|redirecionado|baixado|exportado|excluído|excluída|criado|criada|atualizado|atualizada|deve|devem|pode|podem|não pode|é|são)(?![\p{L}])/iu,
  sections: [
    ["out_of_scope", heading("fora do escopo|fora de escopo|não incluído|exclusões")],
    ["steps", heading("passos para reproduzir|passos de reprodução|passos|reprodução|como reproduzir")],
    ["expected", heading("resultado esperado|comportamento esperado|esperado")],
    ["actual", heading("resultado atual|resultado obtido|comportamento atual|comportamento observado|resultado observado|mensagem de erro|descrição do erro|descrição do problema")],
    ["environment", heading("ambiente|versão|versões|navegador|dispositivo|sistema operacional|sistema operativo|plataforma")],
    ["impact", heading("impacto|gravidade|severidade|prioridade|usuários afetados|afetados|urgência|frequência")],
    ["done", heading("pronto quando|concluído quando|definição de pronto|definition of done|critérios de aceitação|critérios de sucesso|checklist")],
    ["timebox", heading("duração|tempo máximo|timebox|prazo|esforço")],
    ["question", heading("perguntas|pergunta|hipótese|hipóteses|incógnitas")],
    ["output", heading("entregável|entregáveis|resultado|resultados|conclusões")],
    ["breakdown", heading("histórias|histórias de usuário|subtarefas|tarefas|marcos|fases")],
    ["scope", heading("escopo|inclui")],
    ["why", heading("por que|porquê|contexto|motivação|problema|objetivo|objetivos|propósito|valor|benefício|benefícios|justificativa")],
  ],
  failure: /(?<![\p{L}])(?:falha|erro|erros|trava|travou|não funciona|não faz nada|não responde|não carrega|quebrado|quebrada|nunca chega|incorreto|incorreta)(?![\p{L}])/iu,
};
