// Response shape of BrasilAPI's CNPJ endpoint (GET /api/cnpj/v1/{cnpj}), which republishes the
// Receita Federal's open CNPJ data. Only the members we map are listed; all are optional or
// nullable because BrasilAPI passes the Receita's blanks through ("" or null).

export interface BrasilApiPartner {
  identificador_de_socio?: number | null;
  nome_socio?: string | null;
  cnpj_cpf_do_socio?: string | null;
  codigo_qualificacao_socio?: number | null;
  qualificacao_socio?: string | null;
  data_entrada_sociedade?: string | null;
  faixa_etaria?: string | null;
  codigo_faixa_etaria?: number | null;
  pais?: string | null;
  codigo_pais?: number | null;
  nome_representante_legal?: string | null;
  cpf_representante_legal?: string | null;
  qualificacao_representante_legal?: string | null;
}

export interface BrasilApiCnpj {
  cnpj?: string;
  identificador_matriz_filial?: number | null;
  descricao_identificador_matriz_filial?: string | null;
  razao_social?: string | null;
  nome_fantasia?: string | null;
  situacao_cadastral?: number | null;
  descricao_situacao_cadastral?: string | null;
  data_situacao_cadastral?: string | null;
  motivo_situacao_cadastral?: number | null;
  descricao_motivo_situacao_cadastral?: string | null;
  situacao_especial?: string | null;
  data_situacao_especial?: string | null;
  data_inicio_atividade?: string | null;
  codigo_natureza_juridica?: number | null;
  natureza_juridica?: string | null;
  cnae_fiscal?: number | null;
  cnae_fiscal_descricao?: string | null;
  cnaes_secundarios?: Array<{ codigo?: number | null; descricao?: string | null }> | null;
  capital_social?: number | null;
  porte?: string | null;
  descricao_tipo_de_logradouro?: string | null;
  logradouro?: string | null;
  numero?: string | null;
  complemento?: string | null;
  bairro?: string | null;
  municipio?: string | null;
  uf?: string | null;
  cep?: string | null;
  pais?: string | null;
  nome_cidade_no_exterior?: string | null;
  ddd_telefone_1?: string | null;
  ddd_telefone_2?: string | null;
  ddd_fax?: string | null;
  email?: string | null;
  opcao_pelo_simples?: boolean | null;
  data_opcao_pelo_simples?: string | null;
  data_exclusao_do_simples?: string | null;
  opcao_pelo_mei?: boolean | null;
  data_opcao_pelo_mei?: string | null;
  data_exclusao_do_mei?: string | null;
  qsa?: BrasilApiPartner[] | null;
}
